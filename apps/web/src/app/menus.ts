import {
  IconArrowsExchange,
  IconBarbell,
  IconBriefcase,
  IconBuildingCommunity,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCreditCard,
  IconDoor,
  IconDoorEnter,
  IconIdBadge2,
  IconKey,
  IconLayoutDashboard,
  IconMapPin,
  IconPackage,
  IconPhoto,
  IconReceipt,
  IconReceiptTax,
  IconSettings,
  IconShieldCheck,
  IconShoppingCart,
  IconTrophy,
  IconTruckDelivery,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import type { Claims } from '@xp/contracts';
import { challengeOwnerOf } from '@xp/contracts/challenge-owner';
import { hasGymRight, hasLocationRight, isAdmin } from '@xp/contracts/claims';
import { Environment } from '@xp/contracts/enums';
import { mayManageEmployerEmployees } from '@/features/employer-employee/access';
import { mayManageEmployerSettings } from '@/features/employer-settings/access';
import { mayManageEntries } from '@/features/entry/access';
import { mayManageLocationMembers, mayManageMembers } from '@/features/member/access';
import { mayOrderProducts } from '@/features/product-order/access';
import { mayManageShop } from '@/features/store/access';
import { mayManageSubscriptions } from '@/features/subscription/access';
import type { FileRoutesByTo } from '@/routeTree.gen';
import { canUseEnvironment } from './environments';

/** A path of a screen that exists (the generated route tree knows it). */
export type AppPath = keyof FileRoutesByTo;

export interface MenuItem {
  /** Translation key of the label. */
  label: string;
  path: AppPath;
  icon: TablerIcon;
  /** Only the path itself makes the item active (home items); otherwise every path below it too. */
  exact?: boolean;
  /** Who sees the item (spec section 6); everyone who may use the environment when left out. */
  access?: (claims: Claims) => boolean;
}

/** 'Challenges' of the Location, Employer and Association environments: for who has a challenge owner there. */
const challenges = (path: AppPath): MenuItem => ({
  label: 'challenge.menu',
  path,
  icon: IconTrophy,
  access: (claims) => challengeOwnerOf(claims) !== null,
});

const dashboard = (path: AppPath): MenuItem => ({
  label: 'menu.dashboard',
  path,
  icon: IconLayoutDashboard,
  exact: true,
});

/**
 * The navbar of each environment. Only screens that work are listed; a later screen adds its item here,
 * with the same access rule its route's `beforeLoad` uses.
 */
export const menus: Record<Environment, MenuItem[]> = {
  [Environment.Gym]: [
    dashboard('/'),
    // Open to everyone in the gym environment (spec section 6).
    { label: 'location.menu.locations', path: '/locations', icon: IconMapPin },
    {
      label: 'employee.menu',
      path: '/employees',
      icon: IconUsers,
      access: (claims) => hasGymRight(claims, 'ManageMembers'),
    },
    // The gym right ManageSubscriptions, as the routes' `beforeLoad` (mayManageSubscriptions).
    {
      label: 'subscription.menu',
      path: '/subscriptions',
      icon: IconCreditCard,
      access: mayManageSubscriptions,
    },
    // The gym right ManageMemberships, as the routes' `beforeLoad` (mayManageMembers).
    { label: 'member.menu', path: '/members', icon: IconIdBadge2, access: mayManageMembers },
    // Payments go with the members (spec 000 section 6: "members and payments (ManageMemberships)").
    { label: 'invoice.menu', path: '/invoices', icon: IconReceipt, access: mayManageMembers },
    {
      label: 'menu.gymSettings',
      path: '/settings',
      icon: IconSettings,
      // AlterGymInformation (spec section 6) for its general and sign-up tabs; ManageGymRights for the
      // rights groups tab (the settings layout shows each tab by its own right).
      access: (claims) =>
        hasGymRight(claims, 'AlterGymInformation') || hasGymRight(claims, 'ManageGymRights'),
    },
  ],
  [Environment.Customer]: [dashboard('/')],
  [Environment.Location]: [
    dashboard('/location'),
    // Who is inside now and the entries: ManageMembershipEntries, as the routes' `beforeLoad` (mayManageEntries).
    {
      label: 'entry.menu.inside',
      path: '/location/insideMembers',
      icon: IconUsersGroup,
      access: mayManageEntries,
    },
    { label: 'entry.menu.entries', path: '/location/entries', icon: IconDoorEnter, access: mayManageEntries },
    // The location right ManageMemberships, as the routes' `beforeLoad` (mayManageLocationMembers).
    {
      label: 'member.menu',
      path: '/location/members',
      icon: IconIdBadge2,
      access: mayManageLocationMembers,
    },
    {
      label: 'invoice.menu',
      path: '/location/invoices',
      icon: IconReceipt,
      access: mayManageLocationMembers,
    },
    // Product orders: the API's location policy (the location right ManageMemberships), as the route's `beforeLoad`.
    {
      label: 'productOrder.menu.location',
      path: '/location/productOrders',
      icon: IconPackage,
      access: mayOrderProducts,
    },
    {
      label: 'employee.menu',
      path: '/location/employees',
      icon: IconUsers,
      // The gym right ManageMembers or the location right ManageEmployees (spec 000 section 6).
      access: (claims) => hasGymRight(claims, 'ManageMembers') || hasLocationRight(claims, 'ManageEmployees'),
    },
    {
      label: 'menu.locationAreas',
      path: '/location/areas',
      icon: IconDoor,
      access: (claims) => hasLocationRight(claims, 'ManageLocationAreas'),
    },
    challenges('/location/challenges'),
    {
      label: 'menu.locationRights',
      path: '/location/rights',
      icon: IconKey,
      // The location right, or the gym right of the same name (hasLocationRight counts both).
      access: (claims) => hasLocationRight(claims, 'ManageLocationRights'),
    },
    {
      label: 'location.menu.settings',
      path: '/location/settings',
      icon: IconSettings,
      access: (claims) =>
        hasGymRight(claims, 'AlterGymInformation') || hasLocationRight(claims, 'AlterLocationInformation'),
    },
  ],
  [Environment.Admin]: [
    dashboard('/admin'),
    // Exact, so that it is not active on its own sub-screen 'Uitgenodigde beheerders' as well.
    {
      label: 'users.admins.title',
      path: '/admin/admins',
      icon: IconShieldCheck,
      access: isAdmin,
      exact: true,
    },
    { label: 'invitation.admins.title', path: '/admin/admins/invited', icon: IconUserPlus, access: isAdmin },
    { label: 'users.overview.title', path: '/admin/userOverview', icon: IconUsers, access: isAdmin },
    { label: 'menu.gyms', path: '/admin/gyms', icon: IconBuildingStore, access: isAdmin },
    {
      label: 'association.menu.associations',
      path: '/admin/associations',
      icon: IconBuildingCommunity,
      access: isAdmin,
    },
    { label: 'employer.menu', path: '/admin/employers', icon: IconBriefcase, access: isAdmin },
    {
      label: 'supplier.menu',
      path: '/admin/suppliersOverview',
      icon: IconBuildingWarehouse,
      access: isAdmin,
    },
    {
      label: 'fitnessProduct.menu.commissions',
      path: '/admin/commissionDeterminedOverview',
      icon: IconReceiptTax,
      access: isAdmin,
    },
    { label: 'pictureBank.menu', path: '/admin/pictureBank', icon: IconPhoto, access: isAdmin },
    {
      label: 'challengeTemplate.menu',
      path: '/admin/challengeTemplate',
      icon: IconTrophy,
      access: isAdmin,
    },
    { label: 'store.menu.store', path: '/admin/store', icon: IconShoppingCart, access: isAdmin },
    // Exact, so that it is not active on 'XP-facturen' below it as well.
    {
      label: 'xp.menu.adminTransactions',
      path: '/admin/xptransactions',
      icon: IconArrowsExchange,
      access: isAdmin,
      exact: true,
    },
    {
      label: 'xp.menu.adminInvoices',
      path: '/admin/xptransactions/invoices',
      icon: IconReceipt,
      access: isAdmin,
    },
  ],
  [Environment.Employer]: [
    dashboard('/employer'),
    {
      label: 'employerEmployee.menu',
      path: '/employer/employees',
      icon: IconUsers,
      // Admin or Employer (spec 000 section 6), on an active employer: every call is scoped to it.
      access: mayManageEmployerEmployees,
    },
    challenges('/employer/challenges'),
    // The shop and its orders: Admin or Employer on an active employer, as the routes' `beforeLoad`.
    {
      label: 'store.menu.shop',
      path: '/employer/shop',
      icon: IconShoppingCart,
      access: mayManageShop,
      exact: true,
    },
    {
      label: 'store.menu.orders',
      path: '/employer/shop/order',
      icon: IconTruckDelivery,
      access: mayManageShop,
    },
    // The XP economy (spec 000 section 2): Admin or Employer on an active employer, as the routes' `beforeLoad`.
    {
      label: 'xp.menu.transactions',
      path: '/employer/xptransactions',
      icon: IconArrowsExchange,
      access: mayManageEmployerEmployees,
      exact: true,
    },
    {
      label: 'xp.menu.openInvoices',
      path: '/employer/xptransactions/invoices',
      icon: IconCreditCard,
      access: mayManageEmployerEmployees,
    },
    {
      label: 'xp.menu.invoices',
      path: '/employer/invoices',
      icon: IconReceipt,
      access: mayManageEmployerEmployees,
    },
    {
      label: 'menu.employerSettings',
      path: '/employer/settings',
      icon: IconSettings,
      // Admin or Employer (spec 000 section 6), on an active employer.
      access: mayManageEmployerSettings,
    },
  ],
  // No per-item check in the association menu (spec section 6).
  [Environment.Association]: [
    dashboard('/association'),
    { label: 'association.menu.locations', path: '/association/locations', icon: IconMapPin },
    challenges('/association/challenges'),
  ],
  [Environment.TipsAndTricks]: [dashboard('/tipsAndTricks')],
  [Environment.Content]: [dashboard('/content')],
  [Environment.Supplier]: [
    dashboard('/supplier'),
    // Open to everyone in the supplier environment (Supplier or Admin, spec 001 section 6).
    { label: 'fitnessProduct.menu.products', path: '/supplier/products', icon: IconBarbell },
    { label: 'productOrder.menu.supplier', path: '/supplier/productOrders', icon: IconTruckDelivery },
  ],
};

/** The items of the active environment's menu that these claims may see. */
export function visibleMenu(claims: Claims, source: Record<number, MenuItem[]> = menus): MenuItem[] {
  const environment = claims.activeEnvironment;
  if (!canUseEnvironment(claims, environment)) return [];
  return (source[environment] ?? []).filter((item) => !item.access || item.access(claims));
}
