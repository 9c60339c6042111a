import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme (tokens, semantic tokens, text and layer styles, the CSS reset) with only
 * the recipes of the components this app uses: the default config carries all of Chakra's 70-odd
 * recipes, about 25 KB gzip in the first chunk. A component whose recipe is missing renders
 * unstyled without a warning, so theme.test.ts checks every component imported from
 * @chakra-ui/react in src/client against this list. Field, fieldset, radio group and tooltip are
 * kept for the forms and hints being built.
 */
const chakraDefaults = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/**
 * SimchaHub's look: deep blue and white, with a warm gold accent for celebration. Every component
 * defaults to the "brand" palette, so a plain <Button> is already the primary blue button.
 */
const config = defineConfig({
  globalCss: {
    html: {
      colorPalette: 'brand',
      scrollBehavior: 'smooth',
      '@media (prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' },
    },
    body: {
      bg: 'bg',
      color: 'fg',
      textRendering: 'optimizeLegibility',
    },
    '::selection': { bg: 'brand.100', color: 'brand.950' },
    // What people type reads in its own direction, paragraph by paragraph: an English sentence on a
    // Hebrew page keeps its full stop at its end, while an empty field's placeholder keeps the page's
    // direction (dir="auto" would turn an empty field left to right).
    'textarea, input:is(:not([type]), [type="text"], [type="search"])': { unicodeBidi: 'plaintext' },
    // Toasts clear the phone's bottom navigation bar while it is shown.
  },
  theme: {
    recipes: {
      button: {
        variants: {
          variant: {
            // Chakra lightens a solid button under the pointer (its colour at 90%), which took white
            // on red to 4.3:1; darkening keeps every palette's contrast at rest or above it.
            solid: {
              _hover: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' },
              _expanded: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' },
            },
          },
        },
      },
      input: {
        base: {
          // Tab reaches a date or time field's calendar and clock buttons inside the field, where the
          // field matches only :focus-within, so the recipe's focus ring went away there.
          '&:is([type="date"], [type="time"]):focus-within': {
            outlineWidth: '1px',
            outlineStyle: 'solid',
            outlineColor: 'colorPalette.focusRing',
            borderColor: 'colorPalette.focusRing',
          },
        },
      },
    },
    textStyles: {
      // A small label in capitals above or beside what it names (a section's kicker, a weekday).
      eyebrow: { value: { fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: 'wider' } },
    },
    layerStyles: {
      // The white card with a thin border that sections, tiles and linked cards sit on.
      softPanel: { value: { background: 'bg', borderWidth: '1px', borderColor: 'border.muted' } },
      // layer and text styles for the public pages
      // The thin muted outline with a large round that frames a calendar view: the month grid, a
      // week's day, the day view.
      mutedOutline: { value: { borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'xl' } },
      // A note on a light brand tint with a round border, set apart from the form around it (the
      // demo accounts on the sign-in screens, the sent reset link).
      brandNote: {
        value: {
          background: 'brand.subtle',
          borderWidth: '1px',
          borderColor: 'brand.muted',
          borderRadius: 'xl',
        },
      },
    },
    tokens: {
      colors: {
        brand: {
          50: { value: '#eff4ff' },
          100: { value: '#dde7fe' },
          200: { value: '#c1d3fd' },
          300: { value: '#95b5fb' },
          400: { value: '#628cf6' },
          500: { value: '#3d66f0' },
          600: { value: '#2748e3' },
          700: { value: '#1f37c9' },
          800: { value: '#1e34a3' },
          900: { value: '#1e3a8a' },
          950: { value: '#152456' },
        },
        gold: {
          50: { value: '#fdf9ec' },
          100: { value: '#faefc9' },
          200: { value: '#f5dd8e' },
          300: { value: '#efc553' },
          400: { value: '#e9ae2c' },
          500: { value: '#d68f16' },
          600: { value: '#b86b10' },
          700: { value: '#934d11' },
          800: { value: '#793e15' },
          900: { value: '#673416' },
          950: { value: '#3b1a08' },
        },
      },
      fonts: {
        heading: {
          value:
            "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'DejaVu Serif', serif",
        },
        body: {
          value:
            "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.900}', _dark: '{colors.brand.500}' } },
          contrast: { value: '{colors.white}' },
          fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
        gold: {
          solid: { value: '{colors.gold.400}' },
          contrast: { value: '{colors.gold.950}' },
          fg: { value: { _light: '{colors.gold.700}', _dark: '{colors.gold.300}' } },
          muted: { value: { _light: '{colors.gold.100}', _dark: '{colors.gold.900}' } },
          subtle: { value: { _light: '{colors.gold.50}', _dark: '{colors.gold.950}' } },
          emphasized: { value: { _light: '{colors.gold.200}', _dark: '{colors.gold.800}' } },
          focusRing: { value: '{colors.gold.500}' },
        },
        canvas: { value: { _light: '#f6f8fc', _dark: '{colors.gray.950}' } },
        // Chakra's defaults put several text and solid colours under WCAG AA's 4.5:1 (gray.400 text
        // is 2.6:1 on white, white on green.600 3.3:1). These keep each hue and reach at least
        // 4.5:1 on white, the canvas and bg.muted, so small text and solid badges stay readable.
        fg: {
          subtle: { value: { _light: '#63636b', _dark: '{colors.gray.400}' } },
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          warning: { value: { _light: '#c2410c', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '#15803d', _dark: '{colors.green.300}' } },
        },
        green: { solid: { value: '#15803d' } },
        orange: { solid: { value: { _light: '#c2410c', _dark: '{colors.orange.500}' } } },
        teal: { solid: { value: '#0f766e' } },
        cyan: { solid: { value: '#0e7490' } },
        pink: { solid: { value: '#be185d' } },
      },
    },
  },
});

// layer and text styles for the app screens
const appScreenStyles = defineConfig({
  theme: {
    layerStyles: {
      // The white surface with a full thin border: panels, tiles, floating lists and tooltips.
      panel: { value: { background: 'bg', borderWidth: '1px', borderColor: 'border' } },
      // A thin-bordered, rounded frame that clips what it holds: an image preview, a comparison table.
      framed: {
        value: { borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', overflow: 'hidden' },
      },
      // The grey tinted box that sets apart a quoted text: a note, a proof, a reported message.
      note: { value: { background: 'bg.muted', borderRadius: 'lg', paddingInline: '3', paddingBlock: '2' } },
      // The dashed outline of a place still empty: no events, no claims, no photos yet.
      dashedOutline: { value: { borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border' } },
      // A row of a list split off by a thin line above it; the first row has none.
      dividedRow: {
        value: {
          borderTopWidth: '1px',
          borderColor: 'border.muted',
          _first: { borderTopWidth: '0', paddingTop: '0' },
        },
      },
    },
    textStyles: {
      // A line of small grey text beside or under what it tells about: a date, a size, a count.
      caption: { value: { fontSize: 'xs', color: 'fg.muted' } },
      // The name of an item in a list or a card: dark, semibold, long words wrapped.
      itemTitle: { value: { color: 'brand.950', fontWeight: 'semibold', wordBreak: 'break-word' } },
    },
  },
});

// ---- Named looks of the signed-in shell, the sign-in form card and the list-row cards ----
// The softPanel surface with a round: the base of the list and form cards below.
const softCard = { background: 'bg', borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'lg' };
const shellStyles = defineConfig({
  theme: {
    layerStyles: {
      // The dark brand gradient behind the signed-in navigation (the side panel and the phone's menu).
      navPanel: {
        value: {
          bgImage: 'linear-gradient(to bottom, {colors.brand.900}, {colors.brand.950})',
          color: 'white',
        },
      },
      // A row of a list drawn as a small card of its own: a circle's event, a request to join.
      listCard: { value: softCard },
      // The same card when the whole row is one button: tinted, its border darker, under the pointer.
      listCardButton: { value: { ...softCard, _hover: { background: 'bg.subtle', borderColor: 'border' } } },
      // The card that holds a sign-in or sign-up form, lifted off the canvas by a soft shadow.
      formCard: {
        value: { ...softCard, borderRadius: '2xl', boxShadow: '0 10px 30px -12px rgba(21, 36, 86, 0.18)' },
      },
      // The phone's bottom bar: a white strip with a soft shadow above it, clear of the home indicator.
      bottomBar: {
        value: {
          background: 'bg',
          borderTopWidth: '1px',
          borderColor: 'border',
          boxShadow: '0 -4px 16px rgba(21, 36, 86, 0.06)',
          paddingBottom: 'env(safe-area-inset-bottom)',
        },
      },
    },
  },
});

let system: SystemContext | undefined;

/**
 * The app's Chakra system, made on first use. Making it (merging the configs, building the token
 * dictionary) is the largest single piece of the app's start: about 130 ms with the CPU slowed 4x.
 * The browser's entry asks for it in a task of its own while the page's code and words are still
 * loading (main.tsx), rather than in the task that evaluates every module of the entry.
 */
export function appSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, chakraDefaults, config, appScreenStyles, shellStyles);
  return system;
}
