import { useParams } from 'react-router-dom';
import { CoachChat } from '@/features/chat/components/coach-chat';
import { FeedbackScreen } from '@/features/events/components/feedback-screen';
import type { ShotKind } from '@/features/events/types';

/**
 * /hbf-feedback/{code} and /shot-feedback/{code}: the events feature's analysis with the chat
 * feature's coach, so it lives in app/. Its own lazy chunk: the chat loads on these pages only.
 */
export default function ShotFeedbackPage({ kind }: { kind: ShotKind }) {
  const { code = '' } = useParams();
  return (
    <FeedbackScreen
      key={code}
      kind={kind}
      renderChat={(slot) => (
        <CoachChat
          kind={slot.kind}
          code={slot.code}
          claimToken={slot.claimToken}
          referralCode={slot.referralCode}
          firstName={slot.firstName}
          analysis={slot.feedback}
          firstFocus={slot.firstFocus}
          intro={slot.intro}
        />
      )}
    />
  );
}
