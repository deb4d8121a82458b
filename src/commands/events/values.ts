// Allowed values of `events list` flags, light enough to load when the command is declared.

/** The service's `action` values (GitLab's Event.actions); the spec does not list them. */
export const EVENT_ACTIONS = ['created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed', 'expired', 'approved'] as const;

/** Spec part 2 §4.4, plus `wiki` and `design`, which the service also accepts. */
export const EVENT_TARGET_TYPES = ['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user', 'wiki', 'design'] as const;
