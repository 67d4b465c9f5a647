// A published resource post as the public API returns it (GET /api/resources...; spec §3 "Blog post").
// Until the generated contract types name it, its shape is written here from the API contract.

export interface Post {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  /** Sanitised HTML (the server cleans it before storing it). */
  content: string;
  tags: string[];
  featured_image_url: string | null;
  featured_image_alt: string | null;
  author_name: string;
  author_image_url: string | null;
  author_bio: string | null;
  meta_title: string | null;
  meta_description: string | null;
  is_published: boolean;
  is_featured: boolean;
  published_at: string | null;
  scheduled_publish_at: string | null;
  created_at: string;
  updated_at: string;
  read_time_minutes: number;
}
