// A resource post as the admin API returns it, and what a save sends (spec §3 "Blog post").
// Until the generated contract types name them, their shapes are written here from the API contract.

export interface ResourcePost {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
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

export interface ResourcePostInput {
  title: string;
  slug?: string;
  excerpt?: string | null;
  content: string;
  tags?: string[];
  featured_image_url?: string | null;
  featured_image_alt?: string | null;
  author_name?: string;
  author_image_url?: string | null;
  author_bio?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  is_published?: boolean;
  is_featured?: boolean;
  scheduled_publish_at?: string | null;
}
