# The gateway with the built companion app. Build from the repository root:
#   docker build -f deploy/docker/gateway.Dockerfile -t table-referee/gateway .
FROM node:20-bookworm AS app
WORKDIR /src/pwa
COPY pwa/package.json pwa/package-lock.json ./
RUN npm install --no-audit --no-fund
COPY pwa/ ./
COPY referee/rules/tests/vectors /src/referee/rules/tests/vectors
RUN npm run build

FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p gateway

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 gateway
COPY --from=build /src/target/release/gateway /usr/local/bin/gateway
COPY --from=app /src/pwa/dist /srv/app
USER 10001
ENV GATEWAY_ADDR=0.0.0.0:8080 PWA_DIR=/srv/app
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/gateway"]
