import { PlaceholderScreen } from '@/components/ui/placeholder-screen';
import type { ShotKind } from '../types';

// Placeholder: the events work builds the form (first name, email) that unlocks the analysis.
export default function ShotFormPage({ kind }: { kind: ShotKind }) {
  return (
    <PlaceholderScreen
      title={kind === 'hbf' ? 'Get your festival shot analysis' : 'Get your shot analysis'}
      description="Leave your name and email to see your shot analysis. Coming soon."
    />
  );
}
