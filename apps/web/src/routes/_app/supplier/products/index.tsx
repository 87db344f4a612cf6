import { createFileRoute } from '@tanstack/react-router';

/** The list itself is the layout (`route.tsx`); the modals are its children. */
export const Route = createFileRoute('/_app/supplier/products/')({});
