import './article-body.css';

/** An article's HTML body (the public article, and a revision in the editor). The server sanitises it before storing it (issue 14), so it is rendered as it is. */
export function ArticleBody({ html }: { html: string }) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
