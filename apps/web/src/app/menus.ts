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
import { allows, type Policy } from '@xp/contracts/access';
import * as policies from '@xp/contracts/endpoint-policies.gen';
import { Environment } from '@xp/contracts/enums';
import { hasChallengeOwner } from '@/features/challenge/access';
import { mayManageLocationEmployees } from '@/features/employee/access';
import { mayManageEmployerEmployees } from '@/features/employer-employee/access';
import { mayManageEmployerSettings } from '@/features/employer-settings/access';
import { maySeeGymSettings } from '@/features/gym/access';
import { maySeeLocationSettings } from '@/features/location/access';
import { mayManageShop } from '@/features/store/access';
import { mayReadXpInvoices, mayReadXpTransactions } from '@/features/xp/access';
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
  /**
   * Who sees the item: who may call the endpoint its screen lists (`allows`, decision 022), or, for a
   * screen that needs more than one endpoint's policy, its own rule (the one its route's `beforeLoad`
   * uses). Everyone who may use the environment when left out.
   */
  access?: Policy | ((claims: Claims) => boolean);
}

/** 'Challenges' of the Location, Employer and Association environments: for who has a challenge owner there. */
const challenges = (path: AppPath): MenuItem => ({
  label: 'challenge.menu',
  path,
  icon: IconTrophy,
  access: hasChallengeOwner,
});

const dashboard = (path: AppPath): MenuItem => ({
  label: 'menu.dashboard',
  path,
  icon: IconLayoutDashboard,
  exact: true,
});

/**
 * The navbar of each environment. Only screens that work are listed; a later screen adds its item here,
 * with the policy of the endpoint its screen lists, which its route's `beforeLoad` asks too.
 */
export const menus: Record<Environment, MenuItem[]> = {
  [Environment.Gym]: [
    dashboard('/'),
    { label: 'location.menu.locations', path: '/locations', icon: IconMapPin, access: policies.locationList },
    { label: 'employee.menu', path: '/employees', icon: IconUsers, access: policies.gymEmployeeList },
    {
      label: 'subscription.menu',
      path: '/subscriptions',
      icon: IconCreditCard,
      access: policies.subscriptionList,
    },
    { label: 'member.menu', path: '/members', icon: IconIdBadge2, access: policies.memberList },
    // Payments go with the members (spec 000 section 6: "members and payments (ManageMemberships)").
    { label: 'invoice.menu', path: '/invoices', icon: IconReceipt, access: policies.invoiceList },
    // Its tabs call endpoints of different policies: shown to who may open one of them.
    { label: 'menu.gymSettings', path: '/settings', icon: IconSettings, access: maySeeGymSettings },
  ],
  [Environment.Customer]: [dashboard('/')],
  [Environment.Location]: [
    dashboard('/location'),
    {
      label: 'entry.menu.inside',
      path: '/location/insideMembers',
      icon: IconUsersGroup,
      access: policies.entryInside,
    },
    {
      label: 'entry.menu.entries',
      path: '/location/entries',
      icon: IconDoorEnter,
      access: policies.entryList,
    },
    { label: 'member.menu', path: '/location/members', icon: IconIdBadge2, access: policies.memberList },
    { label: 'invoice.menu', path: '/location/invoices', icon: IconReceipt, access: policies.invoiceList },
    {
      label: 'productOrder.menu.location',
      path: '/location/productOrders',
      icon: IconPackage,
      access: policies.productOrderList,
    },
    // The location's own rule (its endpoint admits every employee; the service checks the location).
    {
      label: 'employee.menu',
      path: '/location/employees',
      icon: IconUsers,
      access: mayManageLocationEmployees,
    },
    {
      label: 'menu.locationAreas',
      path: '/location/areas',
      icon: IconDoor,
      access: policies.locationAreaList,
    },
    challenges('/location/challenges'),
    {
      label: 'menu.locationRights',
      path: '/location/rights',
      icon: IconKey,
      access: policies.rightsLocationMatrix,
    },
    // The location's own rule (its endpoints admit every employee; the service checks the location).
    {
      label: 'location.menu.settings',
      path: '/location/settings',
      icon: IconSettings,
      access: maySeeLocationSettings,
    },
  ],
  [Environment.Admin]: [
    dashboard('/admin'),
    // Exact, so that it is not active on its own sub-screen 'Uitgenodigde beheerders' as well.
    {
      label: 'users.admins.title',
      path: '/admin/admins',
      icon: IconShieldCheck,
      access: policies.userList,
      exact: true,
    },
    {
      label: 'invitation.admins.title',
      path: '/admin/admins/invited',
      icon: IconUserPlus,
      access: policies.adminInvitationList,
    },
    {
      label: 'users.overview.title',
      path: '/admin/userOverview',
      icon: IconUsers,
      access: policies.userList,
    },
    { label: 'menu.gyms', path: '/admin/gyms', icon: IconBuildingStore, access: policies.gymList },
    {
      label: 'association.menu.associations',
      path: '/admin/associations',
      icon: IconBuildingCommunity,
      access: policies.associationList,
    },
    { label: 'employer.menu', path: '/admin/employers', icon: IconBriefcase, access: policies.employerList },
    {
      label: 'supplier.menu',
      path: '/admin/suppliersOverview',
      icon: IconBuildingWarehouse,
      access: policies.supplierList,
    },
    {
      label: 'fitnessProduct.menu.commissions',
      path: '/admin/commissionDeterminedOverview',
      icon: IconReceiptTax,
      access: policies.fitnessProductCommissions,
    },
    {
      label: 'pictureBank.menu',
      path: '/admin/pictureBank',
      icon: IconPhoto,
      access: policies.pictureBankList,
    },
    {
      label: 'challengeTemplate.menu',
      path: '/admin/challengeTemplate',
      icon: IconTrophy,
      access: policies.challengeTemplateList,
    },
    { label: 'store.menu.store', path: '/admin/store', icon: IconShoppingCart, access: policies.storeList },
    // Exact, so that it is not active on 'XP-facturen' below it as well.
    {
      label: 'xp.menu.adminTransactions',
      path: '/admin/xptransactions',
      icon: IconArrowsExchange,
      access: policies.xpAdminTransactions,
      exact: true,
    },
    {
      label: 'xp.menu.adminInvoices',
      path: '/admin/xptransactions/invoices',
      icon: IconReceipt,
      access: policies.xpAdminInvoices,
    },
  ],
  // The employer screens need an active employer besides their endpoint's policy (their access files say why).
  [Environment.Employer]: [
    dashboard('/employer'),
    {
      label: 'employerEmployee.menu',
      path: '/employer/employees',
      icon: IconUsers,
      access: mayManageEmployerEmployees,
    },
    challenges('/employer/challenges'),
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
    {
      label: 'xp.menu.transactions',
      path: '/employer/xptransactions',
      icon: IconArrowsExchange,
      access: mayReadXpTransactions,
      exact: true,
    },
    {
      label: 'xp.menu.openInvoices',
      path: '/employer/xptransactions/invoices',
      icon: IconCreditCard,
      access: mayReadXpInvoices,
    },
    {
      label: 'xp.menu.invoices',
      path: '/employer/invoices',
      icon: IconReceipt,
      access: mayReadXpInvoices,
    },
    {
      label: 'menu.employerSettings',
      path: '/employer/settings',
      icon: IconSettings,
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
    {
      label: 'fitnessProduct.menu.products',
      path: '/supplier/products',
      icon: IconBarbell,
      access: policies.fitnessProductList,
    },
    {
      label: 'productOrder.menu.supplier',
      path: '/supplier/productOrders',
      icon: IconTruckDelivery,
      access: policies.productOrderSupplierList,
    },
  ],
};

const mayOpen = (item: MenuItem, claims: Claims): boolean =>
  item.access === undefined ||
  (typeof item.access === 'function' ? item.access(claims) : allows(item.access, claims));

/** The items of the active environment's menu that these claims may see. */
export function visibleMenu(claims: Claims, source: Record<number, MenuItem[]> = menus): MenuItem[] {
  const environment = claims.activeEnvironment;
  if (!canUseEnvironment(claims, environment)) return [];
  return (source[environment] ?? []).filter((item) => mayOpen(item, claims));
}
