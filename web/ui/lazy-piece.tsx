/**
 * A part of every page that is not the screen (the toaster, the AI consent dialog, the update
 * prompt: web/app/AppChrome.tsx), loaded lazily, whose code failing to arrive never takes the page
 * down. `lazyPiece(load)` gives a component that shows nothing until its code has arrived; when the
 * load fails (the device went offline before the service worker had precached it: the first visit,
 * or a slow install) it shows nothing, and asks for it again once the browser says it is back
 * online (Chromium 156 fetches a failed dynamic import again when asked anew: checked in session 25,
 * web/sync/engine-start.ts; a browser that kept the failure for the page's life would get it at the
 * next page load, the screen meanwhile staying as it was).
 * Before, such a failure reached the route's error screen ("This page could not be loaded") and
 * took the screen the person was using with it. React.lazy keeps a failed load for ever, so each
 * new try makes a new lazy component.
 */
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';

interface BoundaryProps {
  children: ReactNode;
  /** Called once the browser is back online after a failure, before the children are shown again. */
  retry: () => void;
}

/** Shows nothing while its children failed; waits for `online`, then tries again. */
class PieceBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly online = () => {
    removeEventListener('online', this.online);
    this.props.retry();
    this.setState({ failed: false });
  };

  override componentDidCatch(error: unknown) {
    console.warn('A part of the page could not be loaded; it is tried again once the device is online:', error);
    addEventListener('online', this.online);
  }

  override componentWillUnmount() {
    removeEventListener('online', this.online);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A lazily loaded piece of the page (see above): `load` resolves the component; props pass through. */
export function lazyPiece<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return function LazyPiece(props: P) {
    const [attempt, setAttempt] = useState(0);
    // A new lazy component per attempt: the browser fetches the module again only if it failed.
    const Piece = useMemo(() => lazy(() => load().then((c) => ({ default: c }))), [attempt]);
    return (
      <PieceBoundary retry={() => setAttempt((n) => n + 1)}>
        <Suspense fallback={null}>
          <Piece {...props} />
        </Suspense>
      </PieceBoundary>
    );
  };
}
