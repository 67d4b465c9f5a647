import { PlaceholderScreen } from '@/components/ui/placeholder-screen';
import type { ShotKind } from '../types';

// Placeholder: the events work builds the analysis view and the coach chat here.
export default function ShotFeedbackPage({ kind }: { kind: ShotKind }) {
  return (
    <PlaceholderScreen
      title={kind === 'hbf' ? 'Your festival shot analysis' : 'Your shot analysis'}
      description="Your detailed analysis and a chat with your AI coach are coming soon."
    />
  );
}
