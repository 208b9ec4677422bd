import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from './alert-dialog.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogContent } from './dialog.tsx';

/** A popup that opens a second one over itself (as Settings opens the preferences wizard). */
function StackedDialogs({ confirm = false }: { confirm?: boolean }) {
  const [lowerOpen, setLowerOpen] = useState(true);
  const [upperOpen, setUpperOpen] = useState(false);
  return (
    <>
      <Dialog open={lowerOpen} onOpenChange={setLowerOpen}>
        <DialogContent title="Lower">
          <Button onClick={() => setUpperOpen(true)}>Open upper</Button>
        </DialogContent>
      </Dialog>
      {confirm ? (
        <AlertDialog open={upperOpen} onOpenChange={setUpperOpen}>
          <AlertDialogContent title="Upper" description="Sure?">
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Dialog open={upperOpen} onOpenChange={setUpperOpen}>
          <DialogContent title="Upper">
            <p>Upper</p>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

type UpperRole = 'dialog' | 'alertdialog';

/**
 * Presses Escape at the moment a newly opened dialog has registered with Radix's layer stack but the
 * layers have not re-rendered yet (Radix announces the registration with this event, then re-renders at
 * default priority): on a busy machine a real key press lands there.
 */
function pressEscapeWhileTheUpperDialogRegisters(role: UpperRole): { pressed: boolean } {
  const state = { pressed: false };
  const press = () => {
    // Hidden included: the modal's aria-hiding of the rest of the page is itself still being set up.
    if (state.pressed || !screen.queryByRole(role, { name: 'Upper', hidden: true })) return;
    state.pressed = true;
    document.removeEventListener('dismissableLayer.update', press);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  };
  document.addEventListener('dismissableLayer.update', press);
  return state;
}

describe('stacked dialogs', () => {
  it.each(['dialog', 'alertdialog'] as const)(
    'an Escape pressed while a %s opens over another closes the new one, not the one beneath',
    async (role) => {
      render(<StackedDialogs confirm={role === 'alertdialog'} />);
      const earlyEscape = pressEscapeWhileTheUpperDialogRegisters(role);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Open upper' }));
      expect(earlyEscape.pressed).toBe(true);
      await waitFor(() => expect(screen.queryByRole(role, { name: 'Upper', hidden: true })).toBeNull());
      expect(screen.getByRole('dialog', { name: 'Lower' })).toBeInTheDocument();
    },
  );

  it('an Escape after the upper dialog settled closes it alone, and the next one the lower', async () => {
    render(<StackedDialogs />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open upper' }));
    await screen.findByRole('dialog', { name: 'Upper' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upper' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Lower' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Lower' })).toBeNull());
  });
});
