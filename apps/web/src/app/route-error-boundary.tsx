import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/index.ts';

type Props = {
  /** The current path: going elsewhere clears the error (e.g. Back after a screen failed to load). */
  resetKey: string;
  children: ReactNode;
};
type State = { error: Error | null; errorKey: string | null };

/** Route errors, e.g. a screen's code failing to download after a deploy. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, errorKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.errorKey === null) return { errorKey: props.resetKey };
    return state.errorKey === props.resetKey ? null : { error: null, errorKey: null };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Penny: a screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <RouteErrorScreen detail={error.message || null} />;
  }
}

export function RouteErrorScreen({ detail }: { detail: string | null }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center text-text">
      <title>Something went wrong · Penny</title>
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      {detail ? <p className="max-w-md text-sm text-text-muted">{detail}</p> : null}
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
