/** Which settings action is running; while one runs the others' buttons are disabled and the popup stays open. */
export type SettingsBusy = 'reset' | 'delete-data' | 'delete-account' | 'sign-out' | null;
