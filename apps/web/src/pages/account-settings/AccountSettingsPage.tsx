import { Navigate, useLocation } from 'react-router';
import { pageRoutes } from '@site/contract';

/**
 * /account/settings, the account settings' old address (issue 20 item 16): the account centre
 * at /account took it over (issue 23 item 1; docs/adr/0041), and old links go there, query and
 * anchor kept.
 */
export default function AccountSettingsPage() {
  const { search, hash } = useLocation();
  return <Navigate to={`${pageRoutes.accountCentre}${search}${hash}`} replace />;
}
