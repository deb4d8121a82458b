"""Drives a sandbox with python-gitlab and prints what it saw as JSON (test/clients/python-gitlab.test.ts)."""

import json
import sys

import gitlab

url, token = sys.argv[1], sys.argv[2]
gl = gitlab.Gitlab(url, private_token=token, per_page=7, retry_transient_errors=False)
gl.auth()
out = {"user": gl.user.username, "user_id": gl.user.id}
out["version"] = gl.version()[0]
projects = gl.projects.list(get_all=True)
out["projects"] = [p.path_with_namespace for p in projects]
out["projects_iterated"] = len(list(gl.projects.list(iterator=True)))
out["projects_keyset"] = [p.id for p in gl.projects.list(iterator=True, pagination="keyset", order_by="id", sort="asc")]
out["groups"] = [g.full_path for g in gl.groups.list(get_all=True)]
out["groups_all_available"] = [g.full_path for g in gl.groups.list(get_all=True, all_available=True)]
platform = gl.groups.get("acme/platform")
out["group"] = {"id": platform.id, "full_name": platform.full_name}
out["subgroups"] = [g.full_path for g in gl.groups.get("acme").subgroups.list(get_all=True)]
out["group_projects"] = [p.path for p in platform.projects.list(get_all=True)]
out["users_by_username"] = [u.username for u in gl.users.list(username="bob")]
out["user_by_id"] = gl.users.get(gl.user.id).username
out["project"] = gl.projects.get("acme/platform/api").path_with_namespace
try:
    gl.groups.get("research")
    out["hidden_group"] = "visible"
except gitlab.exceptions.GitlabGetError as e:
    out["hidden_group"] = e.response_code
print(json.dumps(out))
