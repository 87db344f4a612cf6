import { createFileRoute } from '@tanstack/react-router';

/** The add fitness product modal, shown by the list's layout (`../route.tsx`). */
export const Route = createFileRoute('/_app/supplier/products/manage/')({});
