export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClassName } from './button.tsx';
export { Card, type CardProps, CardTitle } from './card.tsx';
export { cx } from './cx.ts';
export {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogFooter,
  DialogTrigger,
  DrawerContent,
  type DrawerContentProps,
} from './dialog.tsx';
export { EmptyState, type EmptyStateProps } from './empty-state.tsx';
export { Field, type FieldControlProps, type FieldProps } from './field.tsx';
export { Input, type InputProps, inputClassName } from './input.tsx';
export { LoadingScreen, type LoadingScreenProps } from './loading-screen.tsx';
export { PageHeader, type PageHeaderProps } from './page-header.tsx';
export { Skeleton, type SkeletonProps } from './skeleton.tsx';
export {
  DARK_MODE_STORAGE_KEY,
  readStoredDarkMode,
  resolveInitialDarkMode,
  type ThemeContextValue,
  ThemeProvider,
  useLightThemeWhileMounted,
  useTheme,
} from './theme.tsx';
export { Toaster, toast } from './toaster.tsx';
