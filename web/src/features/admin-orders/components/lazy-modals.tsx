// The new-order form (with its schema) loads when staff open it, not with the order lists. The order
// editor's frame is small and opens at once; its content is lazy in turn (edit-order-modal.tsx).
import { lazy } from 'react';

export const CreateOrderModal = lazy(() => import('./create-order-form').then(({ CreateOrderModal }) => ({ default: CreateOrderModal })));
