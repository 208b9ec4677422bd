import { useNavigate } from 'react-router';
import { StartPage } from '../start/start-page.tsx';
import { SettingsDialog } from './settings-dialog.tsx';

/** React Router keeps the position in its history stack here. */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** /Settings: the settings popup over the app; closing it returns to where the user came from. */
export function SettingsPage() {
  const navigate = useNavigate();
  return (
    <>
      {/* The popup opens over the app, not an empty canvas (the dialog hides this from assistive tech). */}
      <StartPage backdrop />
      <SettingsDialog
        open
        onOpenChange={(open) => {
          if (open) return;
          if (canGoBack()) void navigate(-1);
          else void navigate('/', { replace: true });
        }}
      />
    </>
  );
}
