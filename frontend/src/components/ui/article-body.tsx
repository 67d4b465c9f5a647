import './article-body.css';

/** An article's HTML body (the public article, and a revision in the editor). The server sanitises it before storing it, so it is rendered as it is. */
export function ArticleBody({ html }: { html: string }) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
