# vintner: the two commands a fresh machine needs are `make run` and `make test`.
GO      ?= go
BIN     ?= bin/vintner
EXAMPLES = testdata/examples
FUZZTIME ?= 30s

.PHONY: build test run bench fuzz fmt vet clean

build:
	$(GO) build -o $(BIN) ./cmd/vintner

# gofmt and vet first: a change that is not formatted does not land.
test: fmt vet
	$(GO) test ./...

fmt:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

# Validate, then score, every bundled example record.
run: build
	./$(BIN) validate $(EXAMPLES)
	./$(BIN) score $(EXAMPLES)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Each fuzz target for FUZZTIME (go test allows one target per run).
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) ./.ci/fuzz

clean:
	rm -rf bin
