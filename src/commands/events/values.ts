// Allowed values of `events list` flags, light enough to load when the command is declared.

/**
 * The `action` values the service is known to filter by (GitLab's Event.actions, doc/api/events.md).
 * The spec leaves the set open ("not shown"), so others are sent too, with a warning.
 */
export const EVENT_ACTIONS = ['created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed', 'expired', 'approved'] as const;

/** Spec part 2 §4.4, plus `wiki` and `design`, which the service also accepts. */
export const EVENT_TARGET_TYPES = ['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user', 'wiki', 'design'] as const;

/** How the service shows some actions (`action_name`) → the `action` value that selects them. */
export const ACTION_OF_SHOWN_NAME: Readonly<Record<string, string>> = {
  opened: 'created',
  imported: 'created',
  accepted: 'merged',
  'commented on': 'commented',
  'pushed to': 'pushed',
  'pushed new': 'pushed',
  deleted: 'pushed',
  'removed due to membership expiration from': 'expired',
};
