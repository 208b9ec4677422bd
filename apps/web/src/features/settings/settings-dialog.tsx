import { Settings, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent, Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/index.ts';
import { AccountTab } from './account-tab.tsx';
import { ProfileTab } from './profile-tab.tsx';
import type { SettingsBusy } from './settings-busy.ts';

export type SettingsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The settings popup (docs/product/identity.md, "Settings popup"): Profile and Account Settings tabs. */
export function SettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  // docs/product/identity.md, "Settings": a busy flag disables the action buttons during deletes and the
  // password reset.
  const [busy, setBusy] = useState<SettingsBusy>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <DialogContent title="Settings" titleAs="h1" className="max-w-xl">
        <title>Settings · Penny</title>
        <Tabs defaultValue="profile">
          <TabsList aria-label="Settings sections">
            <TabsTrigger value="profile">
              <UserRound aria-hidden="true" />
              Profile
            </TabsTrigger>
            <TabsTrigger value="account">
              <Settings aria-hidden="true" />
              Account Settings
            </TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <ProfileTab busy={busy} setBusy={setBusy} />
          </TabsContent>
          <TabsContent value="account">
            <AccountTab busy={busy} setBusy={setBusy} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
