/** The not-found page of SPEC.md §2: any path no route matches. */
import { Link } from 'react-router-dom';
import { Card, CardContent } from '../../ui/Card';
import { buttonClasses } from '../../ui/button-classes';

export default function NotFoundPage() {
  return (
    <div className="flex justify-center py-8">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-start gap-3 pt-6">
          <h1 className="font-serif text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
          <p className="text-slate-600">Did you forget to add the page to the router?</p>
          <Link to="/" className={buttonClasses('outline', 'md', 'mt-2')}>
            Go to the home page
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
