import type { ResourcePostSummary } from '../types';

/** The four counters of /admin/resources: Total Resources, Published, Drafts, Featured. */
export function ResourceStats({ posts }: { posts: ResourcePostSummary[] | undefined }) {
  const published = posts?.filter((post) => post.is_published).length;
  const stats = [
    { label: 'Total Resources', value: posts?.length },
    { label: 'Published', value: published },
    { label: 'Drafts', value: posts && published !== undefined ? posts.length - published : undefined },
    { label: 'Featured', value: posts?.filter((post) => post.is_featured).length },
  ];
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-2xl border border-border bg-elevated p-4 shadow-sm sm:p-5">
          <dt className="text-sm font-medium text-muted">{stat.label}</dt>
          <dd className="mt-1 font-display text-3xl font-extrabold tracking-tight text-foreground tabular-nums">{stat.value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
