import { useParams } from 'react-router-dom';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';

// Placeholder: the resources work builds the article view (content, share, related posts) here.
export default function ResourceArticlePage() {
  const { slug = '' } = useParams();
  return (
    <PlaceholderScreen
      title="Resource article"
      description={`The article “${slug}” will be readable here soon.`}
      backTo="/resources"
      backLabel="Back to resources"
    />
  );
}
