export {
  type OpenWizardOptions,
  type PreferencesContextValue,
  PreferencesProvider,
  type PreferencesProviderProps,
  usePreferencesWizard,
} from './preferences-provider.tsx';
export {
  loadProfile,
  PROFILE_QUERY_ROOT,
  type ProfileView,
  profileQueryKey,
  useProfile,
} from './profile-query.ts';
