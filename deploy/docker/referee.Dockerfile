# The gRPC referee. Build from the repository root:
#   docker build -f deploy/docker/referee.Dockerfile -t table-referee/referee .
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p referee

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 referee
COPY --from=build /src/target/release/referee /usr/local/bin/referee
USER 10001
ENV REFEREE_ADDR=0.0.0.0:50051 REFEREE_METRICS_ADDR=0.0.0.0:9464
EXPOSE 50051 9464
ENTRYPOINT ["/usr/local/bin/referee"]
CMD ["serve"]
