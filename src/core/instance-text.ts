// How a confirmation or a plan names the instance it acts on: `https://host (profile prod)`.

export function instanceText(instance: { url: string; profile?: string | null }): string {
  return `${instance.url}${instance.profile ? ` (profile ${instance.profile})` : ''}`;
}
