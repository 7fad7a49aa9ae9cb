//
//  MMNotesViewController.m
//  Memo
//

#import "MMNotesViewController.h"
#import "MMPresentationHelper.h"

static void *MMFormattingBarSubviewsContext = &MMFormattingBarSubviewsContext;
static void *MMTableContentSizeContext = &MMTableContentSizeContext;

@interface MMNotesViewController () <UITableViewDataSource, UITableViewDelegate>
@property (nonatomic, strong) UITableView *tableView;
@property (nonatomic, strong) UIStackView *formattingBar;
@property (nonatomic, strong) UILabel *emptyLabel;
@property (nonatomic, copy) NSArray<NSString *> *notes;
@end

@implementation MMNotesViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"Notes", nil);
    self.view.backgroundColor = [UIColor colorNamed:@"Paper"];

    self.tableView = [[UITableView alloc] initWithFrame:self.view.bounds style:UITableViewStylePlain];
    self.tableView.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight;
    self.tableView.dataSource = self;
    self.tableView.delegate = self;
    [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:@"note"];
    [self.view addSubview:self.tableView];

    self.formattingBar = [[UIStackView alloc] init];
    self.formattingBar.axis = UILayoutConstraintAxisHorizontal;
    self.formattingBar.distribution = UIStackViewDistributionFillEqually;
    [self.view addSubview:self.formattingBar];

    self.emptyLabel = [[UILabel alloc] init];
    self.emptyLabel.text = NSLocalizedString(@"No notes yet", nil);
    self.emptyLabel.textColor = [UIColor secondaryLabelColor];
    self.tableView.backgroundView = self.emptyLabel;

    // Render thumbnails at the scale of the screen this window is on.
    self.thumbnailScale = self.view.window.windowScene.screen.scale;

    // The formatting bar gains and loses buttons as the selection changes.
    [self.formattingBar addObserver:self forKeyPath:@"subviews" options:NSKeyValueObservingOptionNew context:MMFormattingBarSubviewsContext];
    [self.tableView addObserver:self forKeyPath:@"contentSize" options:NSKeyValueObservingOptionNew context:MMTableContentSizeContext];

    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemAction
                                                                                           target:self
                                                                                           action:@selector(shareAllNotes:)];
    [self reloadNotes];
}

- (void)viewWillLayoutSubviews {
    [super viewWillLayoutSubviews];
    // Wide windows get a reading margin.
    CGFloat width = [UIScreen mainScreen].bounds.size.width;
    BOOL landscape = UIInterfaceOrientationIsLandscape([[UIApplication sharedApplication] statusBarOrientation]);
    CGFloat margin = (width > 700 || landscape) ? 64 : 16;
    self.tableView.layoutMargins = UIEdgeInsetsMake(0, margin, 0, margin);
}

- (void)viewIsAppearing:(BOOL)animated {
    [super viewIsAppearing:animated];
    // Shown in the iPad app switcher, so several Memo windows can be told apart.
    self.view.window.windowScene.title = self.title;
}

- (void)dealloc {
    [_formattingBar removeObserver:self forKeyPath:@"subviews" context:MMFormattingBarSubviewsContext];
    [_tableView removeObserver:self forKeyPath:@"contentSize" context:MMTableContentSizeContext];
}

- (void)viewDidLayoutSubviews {
    [super viewDidLayoutSubviews];
    CGFloat barHeight = 44;
    UIEdgeInsets safeArea = self.view.safeAreaInsets;
    self.formattingBar.frame = CGRectMake(0, CGRectGetMaxY(self.view.bounds) - safeArea.bottom - barHeight,
                                          CGRectGetWidth(self.view.bounds), barHeight);
}

- (void)observeValueForKeyPath:(NSString *)keyPath
                      ofObject:(id)object
                        change:(NSDictionary<NSKeyValueChangeKey, id> *)change
                       context:(void *)context {
    if (context == MMFormattingBarSubviewsContext) {
        self.formattingBar.hidden = self.formattingBar.arrangedSubviews.count == 0;
    } else if (context == MMTableContentSizeContext) {
        self.emptyLabel.hidden = self.tableView.contentSize.height > 0;
    } else {
        [super observeValueForKeyPath:keyPath ofObject:object change:change context:context];
    }
}

#pragma mark - Notes

- (void)reloadNotes {
    self.notes = [[NSUserDefaults standardUserDefaults] stringArrayForKey:@"MMNotes"] ?: @[];
    [self.tableView reloadData];
    [MMPresentationHelper requestReviewIfAppropriateForNoteCount:self.notes.count];
}

- (void)shareAllNotes:(UIBarButtonItem *)sender {
    NSString *text = [self.notes componentsJoinedByString:@"\n\n"];
    [MMPresentationHelper shareItems:@[text]];
}

#pragma mark - UITableViewDataSource

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.notes.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:@"note" forIndexPath:indexPath];
    UIListContentConfiguration *content = [cell defaultContentConfiguration];
    content.text = self.notes[indexPath.row];
    content.textProperties.numberOfLines = 2;
    cell.contentConfiguration = content;
    return cell;
}

@end
