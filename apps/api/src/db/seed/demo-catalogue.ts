/** The demo shop's catalogue: real-looking categories, brands and product kinds. */
export interface DemoCategory {
  name: string;
  color: string;
  brands: string[];
  priceRange: [number, number];
  option?: 'ram' | 'size' | 'weight';
  subs: Array<{ name: string; kinds: string[] }>;
}

export const demoCategories: DemoCategory[] = [
  {
    name: 'Electronics',
    color: '#1d4ed8',
    brands: ['Samsung', 'Apple', 'Sony', 'OnePlus', 'Lenovo', 'boAt', 'Canon', 'Dell', 'Xiaomi'],
    priceRange: [999, 129_999],
    option: 'ram',
    subs: [
      { name: 'Mobiles', kinds: ['Smartphone', 'Phone', 'Foldable Phone'] },
      { name: 'Laptops', kinds: ['Laptop', 'Notebook', 'Ultrabook'] },
      { name: 'Headphones', kinds: ['Wireless Earbuds', 'Headphones', 'Neckband'] },
      { name: 'Cameras', kinds: ['Mirrorless Camera', 'Action Camera', 'DSLR'] },
    ],
  },
  {
    name: 'Fashion',
    color: '#be185d',
    brands: ["Levi's", 'Zara', 'H&M', 'Puma', 'Nike', 'Adidas', 'Allen Solly', 'Biba'],
    priceRange: [299, 7_999],
    option: 'size',
    subs: [
      { name: 'Men', kinds: ['Slim Fit Shirt', 'Denim Jeans', 'Polo T-Shirt', 'Chinos'] },
      { name: 'Women', kinds: ['Kurta', 'Maxi Dress', 'Top', 'Palazzo'] },
      { name: 'Kids', kinds: ['Kids T-Shirt', 'Dungarees', 'Frock'] },
      { name: 'Footwear', kinds: ['Running Shoes', 'Sneakers', 'Sandals', 'Loafers'] },
    ],
  },
  {
    name: 'Home & Kitchen',
    color: '#c2410c',
    brands: ['Prestige', 'Philips', 'Pigeon', 'Bajaj', 'Havells', 'Milton', 'Borosil'],
    priceRange: [199, 24_999],
    subs: [
      { name: 'Cookware', kinds: ['Pressure Cooker', 'Non-Stick Pan', 'Kadai', 'Tawa'] },
      { name: 'Appliances', kinds: ['Mixer Grinder', 'Air Fryer', 'Electric Kettle', 'Induction Cooktop'] },
      { name: 'Decor', kinds: ['Table Lamp', 'Wall Clock', 'Cushion Cover Set'] },
    ],
  },
  {
    name: 'Groceries',
    color: '#15803d',
    brands: ['Tata', 'Aashirvaad', 'Amul', 'Nestle', "Haldiram's", 'Britannia', 'Fortune'],
    priceRange: [25, 1_499],
    option: 'weight',
    subs: [
      { name: 'Staples', kinds: ['Basmati Rice', 'Whole Wheat Atta', 'Toor Dal', 'Sugar'] },
      { name: 'Snacks', kinds: ['Namkeen', 'Cookies', 'Potato Chips'] },
      { name: 'Beverages', kinds: ['Green Tea', 'Instant Coffee', 'Fruit Juice'] },
    ],
  },
  {
    name: 'Beauty',
    color: '#7e22ce',
    brands: ['Lakme', 'Nivea', 'Maybelline', 'Himalaya', "L'Oreal", 'Mamaearth'],
    priceRange: [99, 2_999],
    subs: [
      { name: 'Skincare', kinds: ['Face Wash', 'Moisturiser', 'Sunscreen SPF 50'] },
      { name: 'Makeup', kinds: ['Lipstick', 'Kajal', 'Foundation'] },
      { name: 'Haircare', kinds: ['Shampoo', 'Hair Oil', 'Conditioner'] },
    ],
  },
  {
    name: 'Sports',
    color: '#0e7490',
    brands: ['Cosco', 'SG', 'Decathlon', 'Yonex', 'Nivia', 'Hero'],
    priceRange: [199, 19_999],
    subs: [
      { name: 'Fitness', kinds: ['Yoga Mat', 'Dumbbell Set', 'Skipping Rope'] },
      { name: 'Cricket', kinds: ['Cricket Bat', 'Cricket Ball', 'Batting Gloves'] },
      { name: 'Cycling', kinds: ['Mountain Bike', 'Cycling Helmet'] },
    ],
  },
  {
    name: 'Books',
    color: '#854d0e',
    brands: ['Penguin', 'HarperCollins', 'Rupa', 'Scholastic', 'Westland'],
    priceRange: [99, 1_299],
    subs: [
      { name: 'Fiction', kinds: ['Novel', 'Short Stories', 'Thriller'] },
      { name: 'Non-fiction', kinds: ['Biography', 'Cookbook', 'History'] },
      { name: 'Children', kinds: ['Picture Book', 'Activity Book'] },
    ],
  },
  {
    name: 'Toys',
    color: '#b91c1c',
    brands: ['Funskool', 'Lego', 'Hasbro', 'Mattel', 'Hamleys'],
    priceRange: [149, 9_999],
    subs: [
      { name: 'Board Games', kinds: ['Board Game', 'Puzzle 1000 pieces'] },
      { name: 'Soft Toys', kinds: ['Teddy Bear', 'Plush Elephant'] },
      { name: 'Building Sets', kinds: ['Building Blocks', 'Construction Set'] },
    ],
  },
];

export const demoOptions = {
  ram: ['4GB', '6GB', '8GB', '12GB', '16GB', '32GB'],
  weight: ['250g', '500g', '1kg', '2kg', '5kg'],
  size: ['S', 'M', 'L', 'XL', 'XXL'],
} as const;

export const adjectives = ['Pro', 'Lite', 'Max', 'Plus', 'Classic', 'Prime', 'Neo', 'Ultra', 'Air', 'Eco'];
export const praise = ['premium build', 'everyday use', 'great value', 'long-lasting quality', 'a modern design'];
export const firstNames = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Diya',
  'Ananya',
  'Ishaan',
  'Saanvi',
  'Kabir',
  'Meera',
  'Rohan',
  'Priya',
  'Arjun',
  'Kavya',
  'Neha',
  'Rahul',
  'Sneha',
  'Vikram',
  'Pooja',
  'Karan',
  'Riya',
  'Amit',
  'Nisha',
  'Sanjay',
  'Lakshmi',
];
export const lastNames = [
  'Sharma',
  'Verma',
  'Iyer',
  'Reddy',
  'Patel',
  'Gupta',
  'Nair',
  'Singh',
  'Das',
  'Mehta',
  'Khan',
  'Joshi',
  'Menon',
  'Bose',
  'Kulkarni',
  'Chopra',
];
export const cities = [
  ['Mumbai', '400001'],
  ['Delhi', '110001'],
  ['Bengaluru', '560001'],
  ['Chennai', '600001'],
  ['Kolkata', '700001'],
  ['Hyderabad', '500001'],
  ['Pune', '411001'],
  ['Jaipur', '302001'],
  ['Kochi', '682001'],
  ['Ahmedabad', '380001'],
] as const;
export const streets = [
  'MG Road',
  'Park Street',
  'Linking Road',
  'Brigade Road',
  'Anna Salai',
  'FC Road',
  'Civil Lines',
];
export const reviewTexts = [
  'Exactly as described, very happy with it.',
  'Good quality for the price. Delivery was quick.',
  'Works well, packaging could be better.',
  'Excellent product, would buy again.',
  'Decent, but not as good as I expected.',
  'My family loves it. Highly recommended!',
  'Value for money. Five stars from me.',
  'Arrived on time and works perfectly.',
];
