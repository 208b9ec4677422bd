export {
  AlertDialog,
  AlertDialogAction,
  type AlertDialogActionProps,
  AlertDialogCancel,
  AlertDialogContent,
  type AlertDialogContentProps,
  AlertDialogFooter,
  AlertDialogTrigger,
} from './alert-dialog.tsx';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClassName } from './button.tsx';
export { Card, type CardProps, CardTitle } from './card.tsx';
export { Checkbox, type CheckboxProps } from './checkbox.tsx';
export { Combobox, type ComboboxOption, type ComboboxProps } from './combobox.tsx';
export { cx } from './cx.ts';
export { DatePicker, type DatePickerProps, localIsoDate } from './date-picker.tsx';
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
export { LogoMark } from './logo-mark.tsx';
export { PageHeader, type PageHeaderProps } from './page-header.tsx';
export { ProgressSteps, type ProgressStepsProps } from './progress-steps.tsx';
export { RatingScale, type RatingScaleProps } from './rating-scale.tsx';
export { SegmentedControl, type SegmentedControlProps } from './segmented-control.tsx';
export { Skeleton, type SkeletonProps } from './skeleton.tsx';
export { Swatch, type SwatchProps } from './swatch.tsx';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';
export { Textarea, type TextareaProps } from './textarea.tsx';
export {
  AUTH_PATHS,
  DARK_MODE_STORAGE_KEY,
  FOLLOW_SYSTEM_STORAGE_KEY,
  isAuthPath,
  readStoredDarkMode,
  readStoredThemeChoice,
  THEME_CHOICES,
  type ThemeChoice,
  type ThemeContextValue,
  ThemeProvider,
  useLightThemeWhileMounted,
  useTheme,
} from './theme.tsx';
export { Toaster, toast } from './toaster.tsx';
