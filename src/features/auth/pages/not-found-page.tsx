import { StatusPage } from '../components/status-page';

export function NotFoundPage() {
  return (
    <StatusPage code="404" title="Page introuvable">
      <p>La page demandée n’existe pas ou a été déplacée.</p>
    </StatusPage>
  );
}

export default NotFoundPage;
