export { ConfirmPopup, type ConfirmPopupProps } from './confirm-popup.tsx';
