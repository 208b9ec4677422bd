import { Toaster as Sonner } from 'sonner';
import { useTheme } from './theme.tsx';

export { toast } from 'sonner';

/** Sonner's toaster in the current theme. Mount once, inside ThemeProvider. */
export function Toaster() {
  const { effectiveDark } = useTheme();
  return (
    <Sonner theme={effectiveDark ? 'dark' : 'light'} position="bottom-right" closeButton duration={4000} />
  );
}
