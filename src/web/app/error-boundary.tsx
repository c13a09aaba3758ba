import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GenericError } from '../components/generic-error';

/** Catches render errors anywhere in the route tree and shows the spec's generic error screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="min-h-screen bg-slate-50">
        <GenericError />
      </main>
    );
  }
}
