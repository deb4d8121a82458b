// The sections of a state file, in the order apply writes them: read by the state commands and by
// the docs (completion, forgectl-state(5)), which must not import the commands.

export const SECTIONS = ['settings', 'plan_limits', 'system_hooks', 'broadcast_messages', 'notification_settings', 'groups'] as const;
export type Section = (typeof SECTIONS)[number];
