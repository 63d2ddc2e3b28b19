#!/usr/bin/env python3
"""A GraphQL server (Ariadne under uvicorn, from PyPI: scripts/setup.sh installs them into a venv) for apix's tests,
on 127.0.0.1, port 0.

Prints the port on the first line of stdout; runs until stdin closes. The schema has an interface, a union, an enum,
an input object, a deprecated field and a subscription (over SSE, and over WebSocket: graphql-transport-ws); `secret` fails with a field error (a path), `request` says how the request
came (method and Accept, and over WebSocket the `connection_init` payload), and GET queries run (GraphQL over HTTP).
"""
import asyncio
import json
import socket
import sys
import threading

import uvicorn
from ariadne import (InterfaceType, MutationType, QueryType, SubscriptionType, UnionType, EnumType,
                     make_executable_schema)
from ariadne.asgi import GraphQL
from ariadne.asgi.handlers import GraphQLTransportWSHandler
from ariadne.contrib.sse import GraphQLHTTPSSEHandler

SDL = '''
"""Anything with an id."""
interface Node {
  id: ID!
}

"""What a user may do."""
enum Role {
  ADMIN
  EDITOR
  VIEWER
}

type User implements Node {
  id: ID!
  name: String!
  role: Role!
  email: String @deprecated(reason: "Use `contact`.")
  contact: String
  posts: [Post!]!
}

type Post implements Node {
  id: ID!
  title: String!
  author: User!
}

union SearchResult = User | Post

input NewPostInput {
  title: String!
  authorId: ID!
}

type RequestInfo {
  method: String!
  accept: String
  "Over WebSocket: the payload of the session's `connection_init`, as JSON text (null without one)."
  connectionParams: String
}

type Query {
  user(id: ID!): User
  users(role: Role): [User!]!
  search(text: String!): [SearchResult!]!
  node(id: ID!): Node
  "Always fails: a field error with a path."
  secret: String
  request: RequestInfo!
}

type Mutation {
  createPost(input: NewPostInput!): Post!
}

type Subscription {
  "Counts from 1 to `to`, one number every `every` seconds (over SSE: Accept: text/event-stream)."
  count(to: Int!, every: Float = 0.2): Int!
}
'''

USERS = {
    "1": {"id": "1", "name": "Ada", "role": "ADMIN", "email": "ada@example.com", "contact": "ada@example.com"},
    "2": {"id": "2", "name": "Grace", "role": "EDITOR", "email": None, "contact": "grace@example.com"},
}
POSTS = {"10": {"id": "10", "title": "Hello", "authorId": "1"}}

query = QueryType()
mutation = MutationType()


@query.field("user")
def resolve_user(_, info, id):
    return USERS.get(id)


@query.field("users")
def resolve_users(_, info, role=None):
    return [user for user in USERS.values() if role is None or user["role"] == role]


@query.field("search")
def resolve_search(_, info, text):
    found = [user for user in USERS.values() if text.lower() in user["name"].lower()]
    return found + [post for post in POSTS.values() if text.lower() in post["title"].lower()]


@query.field("node")
def resolve_node(_, info, id):
    return USERS.get(id) or POSTS.get(id)


@query.field("secret")
def resolve_secret(*_):
    raise ValueError("no secrets here")


@query.field("request")
def resolve_request(_, info):
    request = info.context["request"]
    # Over WebSocket the request is the session (no method): its connection_init payload, kept by on_connect.
    params = request.scope.get("apix.connection_params")
    return {"method": request.scope.get("method", "WEBSOCKET"), "accept": request.headers.get("accept"),
            "connectionParams": None if params is None else json.dumps(params, sort_keys=True)}


@mutation.field("createPost")
def resolve_create_post(_, info, input):
    post = {"id": str(100 + len(POSTS)), "title": input["title"], "authorId": input["authorId"]}
    POSTS[post["id"]] = post
    return post


subscription = SubscriptionType()


@subscription.source("count")
async def count_source(_, info, to, every=0.2):
    for number in range(1, to + 1):
        yield number
        await asyncio.sleep(every)


@subscription.field("count")
def resolve_count(number, *_, **__):
    return number


def resolve_type(obj, *_):
    return "User" if "name" in obj else "Post"


node = InterfaceType("Node", resolve_type)
search_result = UnionType("SearchResult", resolve_type)
post_type = __import__("ariadne").ObjectType("Post")
user_type = __import__("ariadne").ObjectType("User")


@post_type.field("author")
def resolve_author(post, *_):
    return USERS[post["authorId"]]


@user_type.field("posts")
def resolve_posts(user, *_):
    return [post for post in POSTS.values() if post["authorId"] == user["id"]]


schema = make_executable_schema(SDL, query, mutation, subscription, node, search_result, post_type, user_type)
# Subscriptions over server-sent events (GraphQL over SSE, distinct connections mode) beside plain queries, and over
# WebSocket with the graphql-transport-ws protocol on the same path (uvicorn serves WebSocket with `websockets`).
def keep_connection_params(websocket, payload):
    """graphql-transport-ws's `connection_init` payload, kept on the session for `request { connectionParams }`; a
    `token` other than `let-me-in` is refused (the session closes without `connection_ack`)."""
    if isinstance(payload, dict) and "token" in payload and payload["token"] != "let-me-in":
        raise ValueError("wrong token")
    websocket.scope["apix.connection_params"] = payload


app = GraphQL(schema, execute_get_queries=True, http_handler=GraphQLHTTPSSEHandler(),
              websocket_handler=GraphQLTransportWSHandler(on_connect=keep_connection_params))


def main():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    # Listening before the port is printed: a connection made before uvicorn's loop runs waits in the backlog
    # instead of being refused.
    sock.listen(128)
    print(sock.getsockname()[1], flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))

    def watch():
        sys.stdin.read()
        server.should_exit = True

    threading.Thread(target=watch, daemon=True).start()
    server.run(sockets=[sock])


main()
