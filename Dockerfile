# The planview container: the static release binary and nothing else. It builds offline
# from dist/ (run `bash tools/release.sh` first):
#   docker build -t planview .                                  # linux/amd64
#   docker build -t planview --build-arg ARCH=aarch64 --platform linux/arm64 .
#   docker run --rm -i planview - < plan.json
#   docker run --rm -v "$PWD:/w" planview /w/plan.json --schemas /w/schemas.json
FROM scratch
ARG ARCH=x86_64
# dist/ holds one version (tools/release.sh writes it).
COPY dist/planview-*-linux-${ARCH} /planview
ENTRYPOINT ["/planview"]
