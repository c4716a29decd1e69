import CloseIcon from "@mui/icons-material/Close";
import SearchIcon from "@mui/icons-material/Search";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import CategoryOutlined from "@mui/icons-material/CategoryOutlined";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "#app/components/ui/Box.tsx";
import Dialog from "@mui/material/Dialog";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Typography from "#app/components/ui/Typography.tsx";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { http } from "#app/lib/http.client.ts";
import { instantSearchError } from "./errors.ts";
import { searchInputRootSx, visuallyHidden } from "./search-style.ts";
import { mockupUrl } from "#server/modules/catalog/types.ts";
import type { Suggestion } from "#server/modules/search/types.ts";

const DEBOUNCE_MS = 180;
const GROUP: Record<Suggestion["kind"], string> = { product: "Products", store: "Stores", category: "Categories" };

/** Debounced suggestions from GET /api/search through the app's HTTP client (30 s / 60 s timeouts). */
function useSuggestions(text: string): { options: Suggestion[]; loading: boolean; error: string | null } {
  const [state, setState] = useState<{ options: Suggestion[]; loading: boolean; error: string | null }>({
    options: [],
    loading: false,
    error: null,
  });
  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setState({ options: [], loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      http()
        .getJson<{ ok: boolean; suggestions?: Suggestion[] }>(`/api/search?q=${encodeURIComponent(q.slice(0, 100))}&limit=6`, {
          signal: controller.signal,
        })
        .then((body) => {
          if (!controller.signal.aborted) setState({ options: body.suggestions ?? [], loading: false, error: null });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ options: [], loading: false, error: instantSearchError(error) });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return state;
}

/**
 * The header's search field with suggestions. `initialText` is what the shopper typed into the
 * light field (InstantSearch.tsx) before this code arrived; with `autoFocus` the suggestions for it
 * open at once, so the swap is seamless.
 */
export function SearchField({
  autoFocus,
  onDone,
  idSuffix,
  initialText,
}: {
  autoFocus?: boolean;
  onDone?: () => void;
  idSuffix: string;
  initialText?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const initial = initialText ?? (location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "");
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(Boolean(autoFocus && initial.trim()));
  const { options, loading, error } = useSuggestions(text);
  const inputId = `instant-search-${idSuffix}`;
  const errorId = `${inputId}-error`;
  const formRef = useRef<HTMLFormElement>(null);

  // Follow the URL when /search changes its own query.
  useEffect(() => {
    if (location.pathname === "/search") setText(new URLSearchParams(location.search).get("q") ?? "");
  }, [location.pathname, location.search]);

  const go = (to: string) => {
    onDone?.();
    void navigate(to);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    go(q ? `/search?q=${encodeURIComponent(q)}` : "/search");
  };

  return (
    <Box
      component="form"
      ref={formRef}
      method="get"
      action="/search"
      role="search"
      aria-label="Site"
      onSubmit={submit}
      sx={{ width: "100%" }}
    >
      <Box component="label" htmlFor={inputId} sx={visuallyHidden}>
        Search products and stores
      </Box>
      <Autocomplete<Suggestion, false, false, true>
        freeSolo
        id={inputId}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        filterOptions={(x) => x}
        groupBy={(o) => GROUP[o.kind]}
        getOptionLabel={(o) => (typeof o === "string" ? o : o.label)}
        getOptionKey={(o) => (typeof o === "string" ? o : `${o.kind}:${o.href}`)}
        inputValue={text}
        onInputChange={(_, value, reason) => {
          if (reason !== "reset") setText(value);
        }}
        onChange={(_, value) => {
          if (value === null) return;
          // Free text (Enter): the form's submit goes to /search?q=….
          if (typeof value !== "string") go(value.href);
        }}
        loading={loading}
        loadingText="Searching…"
        noOptionsText={text.trim() ? `Press Enter to search for “${text.trim()}”` : "Type to search"}
        openOnFocus={false}
        autoHighlight={false}
        selectOnFocus={false}
        clearOnBlur={false}
        handleHomeEndKeys={false}
        size="small"
        slotProps={{ paper: { sx: { minWidth: { sm: 380 } } }, popper: { placement: "bottom-end", style: { minWidth: 320 } } }}
        renderOption={(props, o) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              sx={{ display: "flex", gap: 1.5, alignItems: "center" }}
              data-testid="instant-search-option"
            >
              {o.kind === "product" ? (
                o.image ? (
                  <Box
                    component="img"
                    src={mockupUrl(o.image.hash, 320)}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    sx={{ width: 40, height: 40, objectFit: "cover", borderRadius: 1, bgcolor: "action.hover", flexShrink: 0 }}
                  />
                ) : (
                  <Box sx={{ width: 40, height: 40, borderRadius: 1, bgcolor: "action.hover", flexShrink: 0 }} />
                )
              ) : o.kind === "store" ? (
                <StorefrontOutlined aria-hidden="true" sx={{ color: "text.secondary" }} />
              ) : (
                <CategoryOutlined aria-hidden="true" sx={{ color: "text.secondary" }} />
              )}
              <Box sx={{ minWidth: 0 }}>
                {o.kind === "product" && o.highlighted ? (
                  <Typography
                    variant="body2"
                    noWrap
                    sx={{ "& mark": { bgcolor: "transparent", color: "inherit", fontWeight: 700 } }}
                    dangerouslySetInnerHTML={{ __html: o.highlighted }}
                  />
                ) : (
                  <Typography variant="body2" noWrap>
                    {o.label}
                  </Typography>
                )}
                {o.kind === "product" && o.storeName ? (
                  <Typography variant="caption" color="text.secondary" noWrap component="div">
                    {o.storeName}
                  </Typography>
                ) : null}
              </Box>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            name="q"
            type="search"
            placeholder="Search products and stores"
            autoFocus={autoFocus}
            error={Boolean(error)}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                maxLength: 200,
                enterKeyHint: "search",
                "aria-describedby": error ? errorId : undefined,
                "data-testid": "instant-search-input",
              },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon aria-hidden="true" fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{
              "& .MuiOutlinedInput-root": searchInputRootSx,
              // Autocomplete pads a small input 6 px left and its text 8 px: the light field's icon
              // sits at 14 px, so the icon would jump 8 px left at the swap. Same pixels instead.
              "& .MuiOutlinedInput-root.MuiInputBase-sizeSmall.MuiInputBase-adornedStart": { pl: "14px" },
              "& .MuiOutlinedInput-root.MuiInputBase-sizeSmall.MuiInputBase-adornedStart .MuiAutocomplete-input": { pl: 0 },
            }}
          />
        )}
      />
      {error ? (
        <Typography
          id={errorId}
          role="alert"
          variant="caption"
          data-testid="instant-search-error"
          sx={{ display: "block", mt: 0.5, px: 1, borderRadius: 1, bgcolor: "background.paper", color: "error.main" }}
        >
          {error}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Below `sm`: the full-screen search the header's icon opens. */
export function SearchDialog({ open, onClose, idSuffix }: { open: boolean; onClose: () => void; idSuffix: string }) {
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-label="Search">
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", p: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <SearchField idSuffix={idSuffix} autoFocus onDone={onClose} />
        </Box>
        <IconButton aria-label="Close search" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
    </Dialog>
  );
}
