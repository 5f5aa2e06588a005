import { useSearchParams } from 'react-router-dom';
import { ArticleView } from './components/article-view';

/** `/components/noticeDetail?id=` and `/noticeDetail?id=`: one notice or article. */
export default function NoticeDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return <ArticleView id={id} />;
}
