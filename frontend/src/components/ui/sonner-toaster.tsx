import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';
import { subscribeToastPlacement, toastPlacement } from './toast';

// Spec §9: about 5 s before auto-dismiss, 3 visible at most, 356 px wide (sonner's default).
export default function SonnerToaster() {
  const { theme } = useTheme();
  const position = useSyncExternalStore(subscribeToastPlacement, toastPlacement, toastPlacement);
  return (
    <Toaster
      theme={theme}
      position={position}
      visibleToasts={3}
      duration={5000}
      closeButton
      richColors
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
    />
  );
}
