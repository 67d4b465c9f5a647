import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { subscribeToastPlacement, toastPlacement } from './toast';

// Spec §9: about 5 s before auto-dismiss, 3 visible at most, 356 px wide (sonner's default).
export default function SonnerToaster() {
  const { theme } = useTheme();
  const placement = useSyncExternalStore(subscribeToastPlacement, toastPlacement, toastPlacement);
  // The admin header is 56 px high (admin-top-bar.tsx): the toasts start below it.
  const belowHeader = placement === 'below-admin-header' ? { top: 64 } : undefined;
  return (
    <Toaster
      theme={theme}
      position={placement === 'below-admin-header' ? 'top-center' : placement}
      offset={belowHeader}
      mobileOffset={belowHeader}
      visibleToasts={3}
      duration={5000}
      closeButton
      richColors
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
    />
  );
}
