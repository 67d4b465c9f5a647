import './article-body.css';

/** The article's HTML body. The server sanitises it before storing it (issue 14), so it is rendered as it is. */
export function ArticleBody({ html }: { html: string }) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />;
}
