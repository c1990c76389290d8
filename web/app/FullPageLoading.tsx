/** 'Loading...' over the whole page (SPEC.md §2 "While the profile loads, the app shows 'Loading...'"). */
import { Spinner } from '../ui/Spinner';

export function FullPageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading..." showLabel className="text-lg" />
    </div>
  );
}
