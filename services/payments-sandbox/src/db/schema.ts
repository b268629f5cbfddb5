// The payments_sandbox schema: the sandbox provider's own state (customers, sessions, subscriptions, events).
export interface Database {}
