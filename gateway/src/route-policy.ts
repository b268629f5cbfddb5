/**
 * Who may call each endpoint behind the routing table (routes.ts), as data. The security suite
 * (e2e/security) builds its access matrix from this list and fails when a route of the table or of a
 * service has no entry here, so a new endpoint cannot ship without a decision about who may call it.
 *
 * access:
 * - public: anyone, signed in or not;
 * - user: any signed-in caller (401 when anonymous);
 * - premium: an active subscription or role admin (401 anonymous, 403 'Active subscription required…');
 *   the product page and a product's progress also open a free product (priced 0) to any signed-in caller;
 * - admin: role admin only (401 anonymous, 403 for everyone else);
 * - signature: no identity at all, the request is authenticated by its signature (payment webhooks).
 */
export type Access = 'public' | 'user' | 'premium' | 'admin' | 'signature';

export interface EndpointPolicy {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1 with `:param` segments, exactly as the owning service declares it. */
  path: string;
  access: Access;
}

export const endpointPolicies: readonly EndpointPolicy[] = [
  // auth
  { method: 'POST', path: '/auth/register', access: 'public' },
  { method: 'POST', path: '/auth/login', access: 'public' },
  { method: 'GET', path: '/auth/me', access: 'user' },
  { method: 'POST', path: '/auth/logout', access: 'public' },
  { method: 'GET', path: '/auth/verify-email', access: 'public' },
  { method: 'POST', path: '/auth/logout-all', access: 'user' },
  { method: 'POST', path: '/auth/forgot-password', access: 'public' },
  { method: 'POST', path: '/auth/reset-password', access: 'public' },
  { method: 'PUT', path: '/users/profile', access: 'user' },
  { method: 'PUT', path: '/users/change-password', access: 'user' },
  { method: 'DELETE', path: '/users/profile', access: 'user' },
  // content: public catalogue
  { method: 'GET', path: '/categories', access: 'public' },
  { method: 'GET', path: '/categories/:idOrSlug', access: 'public' },
  { method: 'GET', path: '/categories/:idOrSlug/products', access: 'public' },
  { method: 'GET', path: '/content/categories', access: 'public' },
  { method: 'GET', path: '/content/categories/:idOrSlug', access: 'public' },
  { method: 'GET', path: '/content/categories/:idOrSlug/products', access: 'public' },
  { method: 'GET', path: '/content/products', access: 'public' },
  { method: 'GET', path: '/content/products/top', access: 'public' },
  { method: 'GET', path: '/content/products/:idOrSlug', access: 'public' },
  // content: premium
  { method: 'GET', path: '/content/premium/products', access: 'premium' },
  { method: 'GET', path: '/content/premium/products/:idOrSlug', access: 'premium' },
  { method: 'GET', path: '/content/premium/categories/:idOrSlug', access: 'premium' },
  { method: 'GET', path: '/users/premium/categories/:idOrSlug/creators', access: 'premium' },
  { method: 'GET', path: '/users/premium/products/:creator', access: 'premium' },
  { method: 'GET', path: '/users/premium/products/:creator/category/:category', access: 'premium' },
  // content: admin
  { method: 'GET', path: '/admin/stats', access: 'admin' },
  { method: 'GET', path: '/admin/categories', access: 'admin' },
  { method: 'POST', path: '/admin/categories', access: 'admin' },
  { method: 'GET', path: '/admin/categories/:id', access: 'admin' },
  { method: 'PUT', path: '/admin/categories/:id', access: 'admin' },
  { method: 'DELETE', path: '/admin/categories/:id', access: 'admin' },
  { method: 'GET', path: '/admin/products', access: 'admin' },
  { method: 'POST', path: '/admin/products', access: 'admin' },
  { method: 'GET', path: '/admin/products/:id', access: 'admin' },
  { method: 'PUT', path: '/admin/products/:id', access: 'admin' },
  { method: 'DELETE', path: '/admin/products/:id', access: 'admin' },
  { method: 'GET', path: '/admin/creators', access: 'admin' },
  { method: 'POST', path: '/admin/creators', access: 'admin' },
  { method: 'GET', path: '/admin/creators/:id', access: 'admin' },
  { method: 'PUT', path: '/admin/creators/:id', access: 'admin' },
  { method: 'DELETE', path: '/admin/creators/:id', access: 'admin' },
  // progress: lists of one's own progress need a sign-in; a product's progress needs the plan
  { method: 'GET', path: '/content/progress', access: 'user' },
  { method: 'GET', path: '/content/progress/stats', access: 'user' },
  { method: 'GET', path: '/content/progress/recent', access: 'user' },
  { method: 'GET', path: '/content/progress/categories/:id', access: 'premium' },
  { method: 'GET', path: '/content/progress/product/:id', access: 'premium' },
  { method: 'PATCH', path: '/content/progress/product/:id', access: 'premium' },
  { method: 'POST', path: '/content/progress/product/:id', access: 'premium' },
  { method: 'PATCH', path: '/content/progress/product/:id/complete', access: 'premium' },
  { method: 'PATCH', path: '/content/progress/product/:id/reset', access: 'premium' },
  // billing
  { method: 'POST', path: '/subscription/create-checkout-session', access: 'user' },
  { method: 'GET', path: '/subscription/status', access: 'user' },
  { method: 'POST', path: '/subscription/confirm', access: 'user' },
  { method: 'POST', path: '/subscription/cancel', access: 'user' },
  { method: 'POST', path: '/subscription/reactivate', access: 'user' },
  { method: 'POST', path: '/subscription/portal', access: 'user' },
  { method: 'GET', path: '/subscription/invoices', access: 'user' },
  { method: 'POST', path: '/webhooks/stripe', access: 'signature' },
  // gateway
  { method: 'GET', path: '/health', access: 'public' },
  { method: 'HEAD', path: '/health', access: 'public' },
  { method: 'POST', path: '/client-errors', access: 'public' },
];
