/**
 * The demo catalogue's vocabulary: four category levels (catalog > class > category >
 * group) of laboratory supplies, and per group the items, variants and units its
 * products are made of.
 */

interface ItemSpec {
  name: string;
  cas?: string;
  /** Chemical classification (semicolon separated) for chemicals. */
  classes?: string;
  dangerous?: boolean;
  hazardous?: boolean;
  radioactive?: boolean;
}

interface GroupSpec {
  code: string;
  description: string;
  items: ItemSpec[];
  variants: string[];
  uoms: string[];
  /** Price of one unit, low and high, in AUD. */
  price: [number, number];
  kind: 'chemical' | 'labware' | 'equipment' | 'consumable' | 'isotope';
}

interface CategorySpec {
  code: string;
  description: string;
  groups: GroupSpec[];
}
interface ClassSpec {
  code: string;
  description: string;
  categories: CategorySpec[];
}
export interface CatalogSpec {
  code: string;
  description: string;
  colour: string;
  classes: ClassSpec[];
}

const chem = (name: string, cas: string, classes: string, dangerous = false, hazardous = false): ItemSpec => ({
  name,
  cas,
  classes,
  dangerous,
  hazardous,
});

export const CATALOGS: CatalogSpec[] = [
  {
    code: 'CHM',
    description: 'Chemicals and Reagents',
    colour: '#2f6f8f',
    classes: [
      {
        code: 'CHM-SOL',
        description: 'Solvents',
        categories: [
          {
            code: 'CHM-SOL-ALC',
            description: 'Alcohols',
            groups: [
              {
                code: 'CHM-SOL-ALC-01',
                description: 'Ethanol and methanol',
                items: [
                  chem('Ethanol absolute', '64-17-5', 'Flammable liquid', true, true),
                  chem('Ethanol 70% v/v', '64-17-5', 'Flammable liquid', true, true),
                  chem('Methanol HPLC grade', '67-56-1', 'Flammable liquid;Acute toxicity', true, true),
                  chem('Isopropanol AR', '67-63-0', 'Flammable liquid;Eye irritant', true, true),
                ],
                variants: ['500 mL', '1 L', '2.5 L', '4 L', '20 L'],
                uoms: ['BT', 'CS'],
                price: [18, 240],
                kind: 'chemical',
              },
            ],
          },
          {
            code: 'CHM-SOL-KET',
            description: 'Ketones and ethers',
            groups: [
              {
                code: 'CHM-SOL-KET-01',
                description: 'Acetone and MEK',
                items: [
                  chem('Acetone AR', '67-64-1', 'Flammable liquid;Eye irritant', true, true),
                  chem('Methyl ethyl ketone', '78-93-3', 'Flammable liquid', true, true),
                  chem('Diethyl ether stabilised', '60-29-7', 'Flammable liquid;Peroxide former', true, true),
                ],
                variants: ['500 mL', '1 L', '2.5 L'],
                uoms: ['BT'],
                price: [22, 180],
                kind: 'chemical',
              },
            ],
          },
        ],
      },
      {
        code: 'CHM-ACB',
        description: 'Acids and Bases',
        categories: [
          {
            code: 'CHM-ACB-MIN',
            description: 'Mineral acids',
            groups: [
              {
                code: 'CHM-ACB-MIN-01',
                description: 'Hydrochloric and sulfuric acid',
                items: [
                  chem('Hydrochloric acid 32%', '7647-01-0', 'Corrosive', true, true),
                  chem('Sulfuric acid 98%', '7664-93-9', 'Corrosive', true, true),
                  chem('Nitric acid 70%', '7697-37-2', 'Corrosive;Oxidiser', true, true),
                ],
                variants: ['500 mL', '2.5 L'],
                uoms: ['BT'],
                price: [25, 160],
                kind: 'chemical',
              },
            ],
          },
          {
            code: 'CHM-ACB-BAS',
            description: 'Bases',
            groups: [
              {
                code: 'CHM-ACB-BAS-01',
                description: 'Hydroxides and ammonia',
                items: [
                  chem('Sodium hydroxide pellets', '1310-73-2', 'Corrosive', true, true),
                  chem('Potassium hydroxide flakes', '1310-58-3', 'Corrosive', true, true),
                  chem('Ammonia solution 28%', '1336-21-6', 'Corrosive;Aquatic toxicity', true, true),
                ],
                variants: ['500 g', '1 kg', '2.5 L'],
                uoms: ['BT', 'EA'],
                price: [15, 120],
                kind: 'chemical',
              },
            ],
          },
        ],
      },
      {
        code: 'CHM-BUF',
        description: 'Buffers and Salts',
        categories: [
          {
            code: 'CHM-BUF-SAL',
            description: 'Inorganic salts',
            groups: [
              {
                code: 'CHM-BUF-SAL-01',
                description: 'Chlorides and phosphates',
                items: [
                  chem('Sodium chloride AR', '7647-14-5', 'Not classified'),
                  chem('Potassium dihydrogen phosphate', '7778-77-0', 'Not classified'),
                  chem('Magnesium sulfate heptahydrate', '10034-99-8', 'Not classified'),
                  chem('Tris base ultrapure', '77-86-1', 'Eye irritant'),
                ],
                variants: ['100 g', '500 g', '1 kg', '5 kg'],
                uoms: ['BT', 'EA'],
                price: [9, 210],
                kind: 'chemical',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'LBW',
    description: 'Labware',
    colour: '#4f7d3a',
    classes: [
      {
        code: 'LBW-GLS',
        description: 'Glassware',
        categories: [
          {
            code: 'LBW-GLS-BKR',
            description: 'Beakers',
            groups: [
              {
                code: 'LBW-GLS-BKR-01',
                description: 'Borosilicate beakers',
                items: [{ name: 'Beaker low form borosilicate' }, { name: 'Beaker tall form borosilicate' }],
                variants: ['50 mL', '100 mL', '250 mL', '600 mL', '1000 mL', '2000 mL'],
                uoms: ['EA', 'PK'],
                price: [4, 60],
                kind: 'labware',
              },
            ],
          },
          {
            code: 'LBW-GLS-FLK',
            description: 'Flasks',
            groups: [
              {
                code: 'LBW-GLS-FLK-01',
                description: 'Erlenmeyer and volumetric flasks',
                items: [
                  { name: 'Erlenmeyer flask narrow neck' },
                  { name: 'Volumetric flask class A' },
                  { name: 'Round bottom flask' },
                ],
                variants: ['25 mL', '100 mL', '250 mL', '500 mL', '1000 mL'],
                uoms: ['EA', 'PK'],
                price: [8, 95],
                kind: 'labware',
              },
            ],
          },
        ],
      },
      {
        code: 'LBW-PLS',
        description: 'Plasticware',
        categories: [
          {
            code: 'LBW-PLS-TUB',
            description: 'Tubes',
            groups: [
              {
                code: 'LBW-PLS-TUB-01',
                description: 'Centrifuge tubes',
                items: [{ name: 'Centrifuge tube polypropylene sterile' }, { name: 'Microcentrifuge tube clear' }, { name: 'Cryovial external thread' }],
                variants: ['0.5 mL pack of 1000', '1.5 mL pack of 500', '15 mL pack of 50', '50 mL pack of 25'],
                uoms: ['PK', 'CS'],
                price: [12, 140],
                kind: 'consumable',
              },
            ],
          },
          {
            code: 'LBW-PLS-PIP',
            description: 'Pipette tips',
            groups: [
              {
                code: 'LBW-PLS-PIP-01',
                description: 'Filter and standard tips',
                items: [{ name: 'Pipette tips filtered racked' }, { name: 'Pipette tips standard bulk' }, { name: 'Serological pipette sterile' }],
                variants: ['10 uL', '200 uL', '1000 uL', '5 mL', '10 mL'],
                uoms: ['PK', 'BX', 'CS'],
                price: [9, 180],
                kind: 'consumable',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'EQP',
    description: 'Laboratory Equipment',
    colour: '#7a4f8f',
    classes: [
      {
        code: 'EQP-WGH',
        description: 'Weighing',
        categories: [
          {
            code: 'EQP-WGH-BAL',
            description: 'Balances',
            groups: [
              {
                code: 'EQP-WGH-BAL-01',
                description: 'Analytical and precision balances',
                items: [{ name: 'Analytical balance' }, { name: 'Precision top-loading balance' }, { name: 'Moisture analyser' }],
                variants: ['120 g x 0.1 mg', '220 g x 0.1 mg', '620 g x 1 mg', '3200 g x 10 mg'],
                uoms: ['EA'],
                price: [900, 6800],
                kind: 'equipment',
              },
            ],
          },
        ],
      },
      {
        code: 'EQP-SEP',
        description: 'Separation',
        categories: [
          {
            code: 'EQP-SEP-CEN',
            description: 'Centrifuges',
            groups: [
              {
                code: 'EQP-SEP-CEN-01',
                description: 'Benchtop centrifuges',
                items: [{ name: 'Microcentrifuge' }, { name: 'Benchtop centrifuge refrigerated' }, { name: 'Mini centrifuge' }],
                variants: ['12 place', '24 place', '4 x 100 mL', '4 x 750 mL'],
                uoms: ['EA'],
                price: [450, 14500],
                kind: 'equipment',
              },
            ],
          },
        ],
      },
      {
        code: 'EQP-TMP',
        description: 'Temperature Control',
        categories: [
          {
            code: 'EQP-TMP-INC',
            description: 'Incubators and baths',
            groups: [
              {
                code: 'EQP-TMP-INC-01',
                description: 'Incubators and water baths',
                items: [{ name: 'CO2 incubator' }, { name: 'Shaking incubator' }, { name: 'Digital water bath' }, { name: 'Dry block heater' }],
                variants: ['14 L', '50 L', '150 L', '2 block'],
                uoms: ['EA'],
                price: [600, 18000],
                kind: 'equipment',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'SAF',
    description: 'Safety',
    colour: '#b6534e',
    classes: [
      {
        code: 'SAF-PPE',
        description: 'Personal Protective Equipment',
        categories: [
          {
            code: 'SAF-PPE-GLV',
            description: 'Gloves',
            groups: [
              {
                code: 'SAF-PPE-GLV-01',
                description: 'Disposable gloves',
                items: [{ name: 'Nitrile examination gloves powder free' }, { name: 'Latex gloves powder free' }, { name: 'Cryogenic gloves' }],
                variants: ['size S', 'size M', 'size L', 'size XL'],
                uoms: ['BX', 'CS'],
                price: [8, 85],
                kind: 'consumable',
              },
            ],
          },
          {
            code: 'SAF-PPE-EYE',
            description: 'Eye protection',
            groups: [
              {
                code: 'SAF-PPE-EYE-01',
                description: 'Safety glasses and goggles',
                items: [{ name: 'Safety glasses clear lens' }, { name: 'Chemical splash goggles' }, { name: 'Face shield' }],
                variants: ['standard', 'anti-fog', 'over-spectacle'],
                uoms: ['EA', 'PK'],
                price: [6, 45],
                kind: 'consumable',
              },
            ],
          },
        ],
      },
      {
        code: 'SAF-SPL',
        description: 'Spill Control',
        categories: [
          {
            code: 'SAF-SPL-KIT',
            description: 'Spill kits',
            groups: [
              {
                code: 'SAF-SPL-KIT-01',
                description: 'Chemical and biohazard spill kits',
                items: [{ name: 'Chemical spill kit' }, { name: 'Biohazard spill kit' }, { name: 'Mercury spill kit' }],
                variants: ['20 L', '50 L', '120 L'],
                uoms: ['EA'],
                price: [95, 640],
                kind: 'consumable',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'BIO',
    description: 'Life Sciences',
    colour: '#c08a2b',
    classes: [
      {
        code: 'BIO-MOL',
        description: 'Molecular Biology',
        categories: [
          {
            code: 'BIO-MOL-ENZ',
            description: 'Enzymes',
            groups: [
              {
                code: 'BIO-MOL-ENZ-01',
                description: 'Polymerases and restriction enzymes',
                items: [{ name: 'Taq DNA polymerase' }, { name: 'High-fidelity DNA polymerase' }, { name: 'EcoRI restriction enzyme' }, { name: 'T4 DNA ligase' }],
                variants: ['100 units', '500 units', '2500 units'],
                uoms: ['EA', 'PK'],
                price: [85, 920],
                kind: 'consumable',
              },
            ],
          },
          {
            code: 'BIO-MOL-ISO',
            description: 'Labelled compounds',
            groups: [
              {
                code: 'BIO-MOL-ISO-01',
                description: 'Radiolabelled nucleotides',
                items: [
                  { name: 'dCTP alpha-32P', cas: '102783-51-7', classes: 'Radioactive material', dangerous: true, hazardous: true, radioactive: true },
                  { name: 'ATP gamma-32P', cas: '51963-61-2', classes: 'Radioactive material', dangerous: true, hazardous: true, radioactive: true },
                  { name: 'Thymidine methyl-3H', cas: '50-89-5', classes: 'Radioactive material', dangerous: true, hazardous: true, radioactive: true },
                ],
                variants: ['250 uCi', '1 mCi'],
                uoms: ['EA'],
                price: [380, 1650],
                kind: 'isotope',
              },
            ],
          },
        ],
      },
      {
        code: 'BIO-CUL',
        description: 'Cell Culture',
        categories: [
          {
            code: 'BIO-CUL-MED',
            description: 'Media and sera',
            groups: [
              {
                code: 'BIO-CUL-MED-01',
                description: 'Culture media',
                items: [{ name: 'DMEM high glucose' }, { name: 'RPMI 1640 medium' }, { name: 'Fetal bovine serum' }, { name: 'Trypsin-EDTA 0.25%' }],
                variants: ['100 mL', '500 mL', '6 x 500 mL'],
                uoms: ['BT', 'CS'],
                price: [24, 890],
                kind: 'consumable',
              },
            ],
          },
          {
            code: 'BIO-CUL-VES',
            description: 'Culture vessels',
            groups: [
              {
                code: 'BIO-CUL-VES-01',
                description: 'Flasks and well plates',
                items: [{ name: 'Cell culture flask vented' }, { name: 'Multiwell plate tissue culture treated' }, { name: 'Petri dish sterile' }],
                variants: ['T25', 'T75', 'T175', '6 well', '96 well', '90 mm'],
                uoms: ['PK', 'CS'],
                price: [18, 260],
                kind: 'consumable',
              },
            ],
          },
        ],
      },
    ],
  },
];

export interface FlatGroup {
  catalog: CatalogSpec;
  cls: ClassSpec;
  category: CategorySpec;
  group: GroupSpec;
}

export const GROUPS: FlatGroup[] = CATALOGS.flatMap((catalog) =>
  catalog.classes.flatMap((cls) => cls.categories.flatMap((category) => category.groups.map((group) => ({ catalog, cls, category, group })))),
);
