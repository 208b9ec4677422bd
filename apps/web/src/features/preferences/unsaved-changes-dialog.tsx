import { identityMessages } from '@penny/contracts';
import { useRef } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
} from '../../ui/index.ts';

const pm = identityMessages.preferences;

export type UnsavedChangesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Close without saving'. */
  onDiscard: () => void;
  /** 'Save', then close. */
  onSave: () => void;
};

/** Closing the wizard with unsaved changes asks first. */
export function UnsavedChangesDialog({ open, onOpenChange, onDiscard, onSave }: UnsavedChangesDialogProps) {
  const saveButton = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        title="Unsaved changes"
        description={<p>{pm.unsavedChanges}</p>}
        // Like the browser's confirm(): OK (Save) is the default answer.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          saveButton.current?.focus();
        }}
      >
        <AlertDialogFooter>
          <AlertDialogCancel
            onClick={(event) => {
              event.preventDefault();
              onDiscard();
            }}
          >
            Close without saving
          </AlertDialogCancel>
          <AlertDialogAction ref={saveButton} onClick={onSave}>
            Save
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
