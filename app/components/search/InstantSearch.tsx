import SearchIcon from "@mui/icons-material/Search";
import Box from "#app/components/ui/Box.tsx";
import IconButton from "@mui/material/IconButton";
import { styled } from "@mui/material/styles";
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import type * as FieldModuleNs from "./InstantSearchField.tsx";
import { inputRootStyle, inputStyle, outlineColor } from "../mui-input-style.ts";
import { searchInputRootSx, visuallyHidden } from "./search-style.ts";

// The header's search, in two steps (issue 9: JavaScript per page). Every page renders a light
// field: a GET form to /search that works without JavaScript. The suggestions (MUI Autocomplete,
// its popper and list, the full-screen dialog) live in InstantSearchField.tsx, fetched when the
// shopper first points at, focuses or taps the search; the light field then hands over what was
// typed and the focus. The light field is a plain input drawn as MUI's small outlined one
// (LightField below): OutlinedInput would bring 15 KB of gzipped JavaScript to every page.

type FieldModule = typeof FieldModuleNs;
let loaded: FieldModule | null = null;
let loading: Promise<FieldModule> | null = null;
function loadField(): Promise<FieldModule> {
  loading ??= import("./InstantSearchField.tsx").then((m) => (loaded = m));
  return loading;
}

/**
 * The light field: a native input inside a box drawn as MUI's small outlined input with a start
 * adornment (@mui/material 9: InputBase, OutlinedInput, InputAdornment), so that the Autocomplete's
 * TextField that replaces it lands on the same pixels. The outline is a pseudo-element, as MUI's
 * fieldset is: 1 px, the text colour on hover, 2 px of the primary colour while focused.
 */
const LightField = styled("div")(({ theme }) => ({
  ...inputRootStyle(theme),
  display: "flex",
  alignItems: "center",
  width: "100%",
  paddingLeft: 14,
  "&::after": {
    content: '""',
    position: "absolute",
    inset: 0,
    borderRadius: "inherit",
    border: `1px solid ${outlineColor(theme)}`,
    pointerEvents: "none",
  },
  "@media (hover: hover)": { "&:hover::after": { borderColor: theme.palette.text.primary } },
  "&:focus-within::after": { borderColor: theme.palette.primary.main, borderWidth: 2 },
  "& > svg": { flexShrink: 0, marginRight: 8, color: theme.palette.action.active },
  "& > input": { ...inputStyle(theme), padding: "8.5px 14px 8.5px 0" },
}));

/** The query of /search?q=… when on /search, else "". */
function useQueryOfSearchPage(): string {
  const location = useLocation();
  return location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
}

function SearchBar({ idSuffix }: { idSuffix: string }) {
  const navigate = useNavigate();
  const query = useQueryOfSearchPage();
  const [text, setText] = useState(query);
  const [field, setField] = useState<FieldModule | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = `instant-search-${idSuffix}`;

  // The field follows the page's query (a client-side navigation to /search?q=…), but on the first
  // run it keeps what the shopper typed before the page hydrated: that text is in the input, not
  // in state, and would otherwise be wiped (and lost when the field with suggestions takes over).
  const shownQuery = useRef<string | null>(null);
  useEffect(() => {
    if (shownQuery.current === null) {
      const typed = inputRef.current?.value;
      if (typed !== undefined && typed !== query) setText(typed);
    } else if (shownQuery.current !== query) setText(query);
    shownQuery.current = query;
  }, [query]);
  // After a client-side navigation the header may mount again: use the code if it is already here.
  // A shopper who was already in the field while the page hydrated (focused it, or typed) gets the
  // field with suggestions at once: the focus event that would have fetched it came before React.
  useEffect(() => {
    if (loaded) setField(loaded);
    else if (document.activeElement === inputRef.current) void loadField().then(setField);
  }, []);

  const enhance = () => {
    if (!field) void loadField().then(setField);
  };

  if (field) {
    const focused = typeof document !== "undefined" && document.activeElement === inputRef.current;
    return <field.SearchField idSuffix={idSuffix} initialText={text} autoFocus={focused} />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/search?q=${encodeURIComponent(q)}` : "/search");
  };

  return (
    <Box component="form" method="get" action="/search" role="search" aria-label="Site" onSubmit={submit} sx={{ width: "100%" }}>
      <Box component="label" htmlFor={inputId} sx={visuallyHidden}>
        Search products and stores
      </Box>
      <LightField
        sx={searchInputRootSx}
        onPointerEnter={enhance}
        onTouchStart={enhance}
        // As MUI's input root does: a click on the icon or the padding focuses the input.
        onClick={() => inputRef.current?.focus()}
      >
        <SearchIcon aria-hidden="true" fontSize="small" />
        <input
          id={inputId}
          ref={inputRef}
          name="q"
          type="search"
          autoComplete="off"
          placeholder="Search products and stores"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onFocus={enhance}
          maxLength={200}
          enterKeyHint="search"
          // A combobox from the start, as the field with suggestions that takes its place is.
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          data-testid="instant-search-input"
        />
      </LightField>
    </Box>
  );
}

/**
 * Instant search in the header: suggestions while typing (products with their thumbnail, stores,
 * categories), Enter opens /search?q=…. A GET form, so it works without JavaScript. Below `sm`
 * it folds into an icon button (a link to /search without JavaScript) that opens a full-screen field.
 */
export function InstantSearch() {
  const [dialog, setDialog] = useState<{ field: FieldModule; open: boolean } | null>(null);
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  return (
    <>
      <Box sx={{ display: { xs: "none", sm: "block" }, width: { sm: 220, md: 260, lg: 320 }, flexShrink: 1, minWidth: 0 }}>
        <SearchBar idSuffix={`${id}-bar`} />
      </Box>
      <IconButton
        component="a"
        href="/search"
        color="inherit"
        aria-label="Search"
        data-testid="instant-search-button"
        onPointerEnter={() => void loadField()}
        onClick={(e: MouseEvent) => {
          e.preventDefault();
          void loadField().then((field) => setDialog({ field, open: true }));
        }}
        sx={{ display: { xs: "inline-flex", sm: "none" } }}
      >
        <SearchIcon />
      </IconButton>
      {dialog ? (
        <dialog.field.SearchDialog open={dialog.open} onClose={() => setDialog({ ...dialog, open: false })} idSuffix={`${id}-dialog`} />
      ) : null}
    </>
  );
}
