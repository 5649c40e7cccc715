import UIKit

struct Country: Hashable {
    enum Region: String, CaseIterable {
        case all = "All", europe = "Europe", asia = "Asia", americas = "Americas"
    }

    let name: String
    let flag: String
    let region: Region
}

final class CountriesViewController: UITableViewController {

    private var countries: [Country] = [
        Country(name: "France", flag: "🇫🇷", region: .europe),
        Country(name: "Germany", flag: "🇩🇪", region: .europe),
        Country(name: "Italy", flag: "🇮🇹", region: .europe),
        Country(name: "Japan", flag: "🇯🇵", region: .asia),
        Country(name: "South Korea", flag: "🇰🇷", region: .asia),
        Country(name: "India", flag: "🇮🇳", region: .asia),
        Country(name: "Brazil", flag: "🇧🇷", region: .americas),
        Country(name: "Canada", flag: "🇨🇦", region: .americas),
        Country(name: "Mexico", flag: "🇲🇽", region: .americas)
    ]
    private var filteredCountries: [Country] = []

    private let searchController = UISearchController(searchResultsController: nil)

    private var isSearchBarEmpty: Bool {
        searchController.searchBar.text?.isEmpty ?? true
    }

    private var isFiltering: Bool {
        let scopeActive = searchController.searchBar.selectedScopeButtonIndex != 0
        return searchController.isActive && (!isSearchBarEmpty || scopeActive)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Countries"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "CountryCell")

        searchController.searchResultsUpdater = self
        searchController.obscuresBackgroundDuringPresentation = false
        searchController.searchBar.placeholder = "Search countries"
        searchController.searchBar.scopeButtonTitles = Country.Region.allCases.map { $0.rawValue }
        searchController.searchBar.delegate = self
        navigationItem.searchController = searchController
        navigationItem.hidesSearchBarWhenScrolling = false
        definesPresentationContext = true

        let refresh = UIRefreshControl()
        refresh.attributedTitle = NSAttributedString(string: "Fetching latest data…")
        refresh.addTarget(self, action: #selector(handleRefresh(_:)), for: .valueChanged)
        refreshControl = refresh
    }

    @objc private func handleRefresh(_ sender: UIRefreshControl) {
        // Simulate a network request.
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { [weak self] in
            guard let self = self else { return }
            self.countries.shuffle()
            self.tableView.reloadData()
            sender.endRefreshing()
        }
    }

    private func filterContent(for searchText: String, region: Country.Region) {
        filteredCountries = countries.filter { country in
            let matchesRegion = region == .all || country.region == region
            guard !searchText.isEmpty else { return matchesRegion }
            return matchesRegion && country.name.lowercased().contains(searchText.lowercased())
        }
        tableView.reloadData()
    }

    // MARK: - Table view

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        isFiltering ? filteredCountries.count : countries.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "CountryCell", for: indexPath)
        let country = isFiltering ? filteredCountries[indexPath.row] : countries[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "\(country.flag)  \(country.name)"
        content.secondaryText = country.region.rawValue
        content.secondaryTextProperties.color = .secondaryLabel
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

extension CountriesViewController: UISearchResultsUpdating {
    func updateSearchResults(for searchController: UISearchController) {
        let searchBar = searchController.searchBar
        let region = Country.Region.allCases[searchBar.selectedScopeButtonIndex]
        filterContent(for: searchBar.text ?? "", region: region)
    }
}

extension CountriesViewController: UISearchBarDelegate {
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
        filterContent(for: searchBar.text ?? "", region: Country.Region.allCases[selectedScope])
    }

    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
        searchBar.selectedScopeButtonIndex = 0
        filteredCountries = []
        tableView.reloadData()
    }
}
