import { StatusPage } from '../components/status-page';

export function AccessRefusedPage() {
  return (
    <StatusPage code="403" title="Accès refusé">
      <p>Vous n’avez pas les droits nécessaires pour ouvrir cette page.</p>
      <p className="mt-1">Si vous pensez qu’il s’agit d’une erreur, contactez l’administrateur.</p>
    </StatusPage>
  );
}

export default AccessRefusedPage;
