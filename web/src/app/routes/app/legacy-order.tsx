import { Navigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';

/** /order/{id} (singular, used by older links) is the order page under its main route. */
export default function LegacyOrderRoute() {
  const { orderId = '' } = useParams();
  return <Navigate to={paths.app.order.getHref(orderId)} replace />;
}
